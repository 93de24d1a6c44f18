package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.Direction;
import com.burstline.contract.Json;
import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;

import java.util.concurrent.TimeUnit;

/**
 * The agent's own loaded-latency probe as a process of its own, for the benchmarks (which run it inside network
 * namespaces beside a bulk tool): {@code answer BIND PORT SESSION SECONDS} answers for that long;
 * {@code send HOST PORT SESSION IDLE_SECONDS LOADED_SECONDS} runs the probe's idle window, then as long as the bulk
 * would run, and prints its report as JSON. The same classes a job runs.
 */
public final class LatencyProbeMain {
    private LatencyProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        LatencyProbeSpec probe = new LatencyProbeSpec(Integer.parseInt(args[2]), LatencyProbeSpec.DEFAULT_RATE,
                args[0].equals("send") ? Integer.parseInt(args[4]) : 1, Long.parseLong(args[3]));
        if (args[0].equals("answer")) {
            LatencyProbeResponder responder = LatencyProbeResponder.start(args[1], probe);
            TimeUnit.SECONDS.sleep(Long.parseLong(args[4]));
            responder.stop();
            return;
        }
        int loaded = Integer.parseInt(args[5]);
        Scenario bulk = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(loaded).tool(Scenario.TOOL_IPERF3)
                .build();
        ScenarioSpec spec = new ScenarioSpec(new AttemptKey(1, 1, 1), args[1], probe.port() == 5201 ? 5202 : 5201,
                bulk, "benchmark-probe-0123456789", null, probe);
        LatencyProbeClient client = LatencyProbeClient.start(spec, LatencyListener.NONE);
        client.awaitIdleEnd(new Cancellation());
        TimeUnit.SECONDS.sleep(loaded);
        System.out.println(Json.write(client.finish().toJson()));
    }
}
