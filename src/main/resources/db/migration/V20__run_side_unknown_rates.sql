-- Which end of the test wrote a run's output: 'client', or 'server' for iperf3 -s -J, whose output holds only what
-- the server saw. Every run stored before is a client's: server outputs were refused or stored as client ones.
ALTER TABLE run ADD COLUMN side VARCHAR(8) DEFAULT 'client' NOT NULL;
-- A rate the output does not hold is unknown, not 0: the received rate of UDP before iperf3 3.11, the sender's rate
-- in a server's output of an upload (docs/iperf3-shapes.md).
ALTER TABLE run ALTER COLUMN sent_bps DROP NOT NULL;
ALTER TABLE run ALTER COLUMN received_bps DROP NOT NULL;
