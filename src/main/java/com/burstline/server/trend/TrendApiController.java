package com.burstline.server.trend;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Trends", description = "One pair's scenario over time, with the change points of its throughput "
        + "and its latency")
class TrendApiController {
    private final Trends trends;

    TrendApiController(Trends trends) {
        this.trends = trends;
    }

    @Operation(summary = "A pair's series of one scenario over time and its change points",
            description = "The selection of /api/v1/compare without groups (sut, peer, driver, instanceType, "
                    + "protocol, direction, tag, job, run), narrowed to one scenario with streams and, for UDP, "
                    + "target (bit/s); last (default 1000, at most 10000) is how many of the newest runs the "
                    + "series covers; protocol UDP_RR or TCP_RR with streams (its flows) and messageBytes (its "
                    + "message size, where runs of several sizes match) selects a request/response series. Change points by e-divisive means with a seeded permutation test, on the received "
                    + "throughput (changePoints) and on the series' latency figure (latencyFigure: the probe's p99 "
                    + "under load, or the transactions' p99 of UDP_RR and TCP_RR; lower is better, so a rise is "
                    + "worse), latencyChangePoints with levels in ms.")
    @GetMapping(path = "/api/v1/trends", produces = MediaType.APPLICATION_JSON_VALUE)
    TrendResult trend(@RequestParam MultiValueMap<String, String> params) {
        return trends.trend(TrendQuery.parse(params));
    }
}
