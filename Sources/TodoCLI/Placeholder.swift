enum _PlaceholderTodoCLI {}
