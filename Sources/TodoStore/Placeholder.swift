enum _PlaceholderTodoStore {}
