-- The language of a server's public messages, chosen with /settings (NULL: Discord's preferred locale of a Community
-- server, else English).
ALTER TABLE guild_settings ADD COLUMN language TEXT CHECK (language IN ('en', 'fr', 'de'));
