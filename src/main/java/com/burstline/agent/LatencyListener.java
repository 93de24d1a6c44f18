package com.burstline.agent;

import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;

/** Receives a latency measurement's intervals as they become final, with the summary of everything so far. */
interface LatencyListener {
    LatencyListener NONE = (sample, summary) -> { };

    void interval(LatencySample sample, LatencySummary summary);
}
