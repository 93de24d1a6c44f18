package com.burstline.server.job;

import com.burstline.contract.HostFacts;
import com.burstline.contract.NicFacts;
import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.catalog.NetworkLimits;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.hostconfig.ConfigUse;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The hosts a job's answer is about, for the head of its page: each agent with its role, instance type, the limits the
 * catalog gives that type and its driver. A SUT is described as its stored runs are labelled (the job's labels over
 * its agent's facts), so the header and the verdicts judge by the same limit; a peer as its agent tells (it sends in
 * every download, so its driver matters as much). A driver no run names yet is the one the job's configuration
 * readings found on the interface towards the other host; before any, the peer's is that of the interface holding
 * its test address.
 */
@Component
class JobHosts {
    private final AgentRegistry agents;
    private final InstanceCatalog catalog;
    private final HostConfigs configs;

    JobHosts(AgentRegistry agents, InstanceCatalog catalog, HostConfigs configs) {
        this.agents = agents;
        this.catalog = catalog;
        this.configs = configs;
    }

    /**
     * One host; {@code role} "SUT", "peer" or "SUT and peer"; null fields are unknown, and {@code text} says so:
     * "SUT lab-a: t4g.large, burst 5 Gbit/s, baseline 512 Mbit/s; driver ENA 2.2.1".
     */
    record Host(String role, String name, String instanceType, String burstLimit, String baseline, String driver,
                String text) {
    }

    /** @param runs the job's stored runs (the SUT's labels); may be empty before the first is stored */
    List<Host> of(JobView job, List<RunSummary> runs) {
        Map<String, String> roles = new LinkedHashMap<>();
        for (JobView.PairView pair : job.pairs()) {
            roles.merge(pair.sut(), "SUT", JobHosts::both);
            roles.merge(pair.peer(), "peer", JobHosts::both);
        }
        List<Host> hosts = new ArrayList<>();
        roles.forEach((name, role) -> hosts.add(host(job, runs, name, role)));
        return hosts;
    }

    private Host host(JobView job, List<RunSummary> runs, String name, String role) {
        Optional<RunSummary> measured = runs.stream().filter(run -> name.equals(run.labels().sut())).findFirst();
        Optional<AgentView> agent = agents.find(name);
        HostFacts facts = AgentView.factsOf(agent.map(AgentView::facts).orElse(null));
        boolean sut = !"peer".equals(role);
        String instanceType = measured.map(run -> run.labels().instanceType())
                .or(() -> Optional.ofNullable(sut ? job.labels().instanceType() : null))
                .orElse(facts.instanceType());
        String driver = measured.map(run -> run.labels().driver())
                .or(() -> Optional.ofNullable(sut ? job.labels().driver() : null))
                .or(() -> configs.latestOf(job.id(), sut ? HostRole.SUT : HostRole.PEER, name)
                        .map(ConfigUse::driverLabel))
                .or(() -> sut ? Optional.empty() : agent.map(AgentView::testAddress).map(address ->
                        holding(facts, address)).map(NicFacts::driverLabel))
                .orElse(facts.routeDriver());
        Optional<NetworkLimits> limits = Optional.ofNullable(instanceType).flatMap(catalog::find);
        String burst = limits.map(found -> FigureText.limit(found.burstBitsPerSecond())).orElse(null);
        String baseline = limits.map(found -> FigureText.limit(found.baselineBitsPerSecond())).orElse(null);
        String type = instanceType == null ? "instance type unknown"
                : limits.isEmpty() ? instanceType + " (no limits known for it)"
                : instanceType + ", burst " + burst + ", baseline " + baseline;
        String said = Character.toUpperCase(role.charAt(0)) + role.substring(1);
        return new Host(role, name, instanceType, burst, baseline, driver, said + " " + name + ": " + type
                + "; driver " + (driver == null ? "unknown" : driver));
    }

    /** The interface whose addresses include {@code address}; null when none does (or none says). */
    private static NicFacts holding(HostFacts facts, String address) {
        return facts.interfaces().stream().filter(nic -> nic.addresses().contains(address)).findFirst().orElse(null);
    }

    private static String both(String one, String other) {
        return one.equals(other) ? one : "SUT and peer";
    }
}
