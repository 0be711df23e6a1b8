-- Whether a chat allows the private hints from the exact odds (1 on, 0 off); NULL means the
-- configured default. Admins switch it with `hints=on|off` in the rules command.
ALTER TABLE chats ADD COLUMN hints INTEGER;
