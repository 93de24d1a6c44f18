-- Which program served the other end of a run (iperf3 or burstline-java, the agent's engine) and its version, read
-- from the server's report the client's output carries (--get-server-output). Null where the output does not say,
-- which is every run stored before: the report then says that the peer's tool was not recorded.
ALTER TABLE run ADD COLUMN peer_tool VARCHAR(32);
ALTER TABLE run ADD COLUMN peer_tool_version VARCHAR(256);
