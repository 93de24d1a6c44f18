-- One row that every change which could take away the last admin locks first (SELECT ... FOR UPDATE), so that two
-- such changes at once run one after the other and the second sees the first: two concurrent deletes of the last
-- two admins left none.
CREATE TABLE access_lock (
    id INT PRIMARY KEY
);
INSERT INTO access_lock (id) VALUES (1);
