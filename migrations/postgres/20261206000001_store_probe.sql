-- One row the store watch writes while the database is gone, to find out when it takes
-- writes again (a full disk answers reads).
CREATE TABLE store_probe (
    id INTEGER PRIMARY KEY,
    at BIGINT NOT NULL
);
