"""Scripts that maintain the repository's own files (the README's screenshots); not part of the bot."""
