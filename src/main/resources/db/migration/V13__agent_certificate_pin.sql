-- TLS between server and agents: the SHA-256 fingerprint of the certificate an agent presented when it was enrolled
-- (the pin every call is checked against), and the one its latest registration announced, which differs after the
-- agent's key changed, until an admin accepts the new one. 95 characters: 32 hex pairs joined by ':'.
ALTER TABLE agent ADD COLUMN certificate_sha256 VARCHAR(95);
ALTER TABLE agent ADD COLUMN presented_sha256 VARCHAR(95);
