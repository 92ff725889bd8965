"""The games. Each is one pure package; ``registry.GAMES`` lists them."""
