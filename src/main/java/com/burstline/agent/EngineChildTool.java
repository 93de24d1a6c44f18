package com.burstline.agent;

import com.burstline.contract.LiveSamples;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;

/**
 * What the engine's tools have in common: each runs the agent's own engine as a child JVM, which every agent has, and
 * streams its intervals as it goes.
 */
abstract class EngineChildTool implements MeasurementTool {
    @Override
    public String name() {
        return Scenario.TOOL_ENGINE;
    }

    @Override
    public String cannotRun(ScenarioSpec spec) {
        return null;
    }

    @Override
    public boolean streamsIntervals() {
        return true;
    }

    @Override
    public String liveSource() {
        return LiveSamples.FROM_ENGINE;
    }
}
