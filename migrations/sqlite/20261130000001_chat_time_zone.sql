-- A chat's time zone (an IANA name such as "Europe/Berlin"); NULL means the configured default.
-- Times a chat reads (the turn deadline, the ledger history) are shown in it.
ALTER TABLE chats ADD COLUMN time_zone TEXT;
