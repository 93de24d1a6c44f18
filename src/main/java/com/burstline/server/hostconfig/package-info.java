/**
 * Host configuration as evidence: what each host of a job's scenario was set up with (NIC queues, MTU, rings,
 * offloads, BQL, qdisc, IRQs, sysctls, CPU, ENA Express), as its agent read it before the scenario; stored once per
 * distinct configuration ({@link com.burstline.server.hostconfig.HostConfigs}). It says what else differs between two
 * groups of runs ({@link com.burstline.server.hostconfig.ConfigDifferences}), audits a host against its vendor's
 * advice ({@link com.burstline.server.hostconfig.ConfigAudit}, advice in {@code hostconfig/vendor-advice.json}) and
 * tells how much of a run went over ENA Express ({@link com.burstline.server.hostconfig.EnaExpressShare}).
 */
package com.burstline.server.hostconfig;
