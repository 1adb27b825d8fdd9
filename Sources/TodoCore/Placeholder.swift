enum _PlaceholderTodoCore {}
