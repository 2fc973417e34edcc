pytest_plugins = ["tests.emulator.fixtures", "tests.storage.fixtures"]
