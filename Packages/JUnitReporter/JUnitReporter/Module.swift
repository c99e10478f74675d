// Placeholder: replaced by the module's first source file.
