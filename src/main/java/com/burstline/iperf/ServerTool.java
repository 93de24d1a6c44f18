package com.burstline.iperf;

/**
 * The program that served a test, as a client's output tells when it ran with {@code --get-server-output}: the
 * server's own {@code start.version} from {@code server_output_json}, trimmed as {@link Iperf3Result#toolVersion} is
 * ({@code 3.12} for {@code iperf 3.12}, {@code burstline-java 0.1.0} for the agent's engine). A server that wrote text
 * instead ({@code server_output_text}) names itself on its first line when it is the engine (or iperf3 with
 * {@code -V}); otherwise it was a stock iperf3 whose text names no version, and {@code version} is null.
 */
public record ServerTool(String version) {
}
