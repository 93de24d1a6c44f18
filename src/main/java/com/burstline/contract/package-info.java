/**
 * The wire contract between the Burstline server and its agents: every message both sides send or read, the limits
 * of their fields, the agent-name and host-address rules, the host and NIC facts' field names, the ENA counter names,
 * the iperf3 argument list built from a scenario, and the pinned-certificate trust of both sides' TLS clients. Both
 * sides compile against it and validate with it, so a value one side accepts the other accepts too;
 * docs/agent-protocol.md describes the same messages for people.
 *
 * <p>Plain Java and Jackson's streaming core only, because it is packed into the agent jar; it uses nothing else of
 * Burstline. {@code ArchitectureTest} guards that border. Adding a field to a message is one change here plus its use.
 */
package com.burstline.contract;
