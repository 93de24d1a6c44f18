-- Protocol v2: the server signs its calls to agents with a key of its own (Ed25519, in its data dir), which each
-- agent pins when it enrolls. Which server key an agent says it holds (the SHA-256 fingerprint of the public key, 95
-- characters); null until it holds one: an agent enrolled before v2 gets the key delivered once, then reports it.
ALTER TABLE agent ADD COLUMN server_key_sha256 VARCHAR(95);
