package com.burstline.server.run;

import com.burstline.contract.Scenario;
import com.burstline.iperf.Measured;

/**
 * A measurement's figures in the words every page, report and export shows them ({@link FigureText}), so that no
 * page formats a figure of its own: "unknown" where a figure applies and is not known, null where it does not apply
 * (loss of TCP, retransmits of UDP, shares of a target TCP has not, the reverse direction of a one-way run). Limits
 * read in Gbit/s, as the label forms take them and the charts' limit lines name them. The field names are part of the API
 * ({@code text} of a run).
 */
public record RunText(String sent, String received, String reverseSent, String reverseReceived, String target,
                      String sentShareOfTarget, String receivedShareOfTarget, String shareOfBurstLimit,
                      String shareOfBaseline, String retransmits, String jitter, String loss, String senderCpu,
                      String receiverCpu, String burstLimit, String baseline, String verdict) {

    static RunText of(Measurement measurement, Verdict verdict) {
        Scenario scenario = measurement.scenario();
        Measured figures = measurement.figures();
        boolean udp = scenario.udp();
        boolean bidir = scenario.bidir();
        boolean target = scenario.targetBitsPerSecond() != null;
        return new RunText(FigureText.rate(figures.sentBitsPerSecond()),
                FigureText.rate(figures.receivedBitsPerSecond()),
                bidir ? FigureText.rate(figures.reverseSentBitsPerSecond()) : null,
                bidir ? FigureText.rate(figures.reverseReceivedBitsPerSecond()) : null,
                target ? scenario.targetText() : udp ? FigureText.UNKNOWN : null,
                target && udp ? FigureText.percent(measurement.sentShareOfTarget()) : null,
                target ? FigureText.percent(measurement.receivedShareOfTarget()) : null,
                FigureText.percent(measurement.shareOfBurstLimit()),
                FigureText.percent(measurement.shareOfBaseline()),
                udp ? null : FigureText.count(figures.retransmits()),
                udp ? FigureText.jitter(figures.jitterMs()) : null,
                udp ? FigureText.loss(figures.lostPercent()) : null,
                FigureText.percent(measurement.senderCpuPercent()),
                FigureText.percent(measurement.receiverCpuPercent()),
                FigureText.gbit(measurement.limits().burstLimitBitsPerSecond()),
                FigureText.gbit(measurement.limits().baselineBitsPerSecond()), VerdictText.of(verdict));
    }
}
