-- Old messages whose buttons an outbox is still to take off (a table posted anew, a private
-- cup sent anew), kept until done: a process killed in between leaves the job to the next,
-- so an old message never keeps live buttons. References as the platform adapter stores them.
CREATE TABLE pending_strips (
    platform TEXT NOT NULL,
    chat     TEXT NOT NULL,
    message  TEXT NOT NULL,
    PRIMARY KEY (platform, chat, message)
);
