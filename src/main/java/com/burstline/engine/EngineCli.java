package com.burstline.engine;

import java.io.PrintStream;
import java.util.List;

/**
 * {@code burstline-agent.jar iperf3 …}: the engine with iperf3's common flags, see {@link #USAGE}. Bad arguments
 * print the usage and exit 1, as iperf3 does; a failed test exits 1 with iperf3's error line.
 */
public final class EngineCli {
    static final String USAGE = """
            Usage: java -jar burstline-agent.jar iperf3 [-s|-c host] [options]
            Server or client:
              -p, --port #              server port to listen on/connect to (default 5201)
              -i, --interval #          seconds between periodic reports (default 1, 0 = none)
              -J, --json                output in JSON format
                  --json-stream         output in line-delimited JSON format
            Server specific:
              -s, --server              run in server mode
              -1, --one-off             handle one client connection then exit
              -B, --bind <host>         listen on this address only (default: all)
            Client specific:
              -c, --client <host>       run in client mode, connecting to <host>
              -u, --udp                 use UDP rather than TCP
              -b, --bitrate #[KMG]      target bitrate in bits/sec per stream (0 = unlimited;
                                        default 1 Mbit/sec for UDP, unlimited for TCP)
              -t, --time #              time in seconds to transmit for (default 10)
              -n, --bytes #[KMG]        number of bytes to transmit (instead of -t)
              -k, --blockcount #[KMG]   number of blocks (packets) to transmit (instead of -t or -n)
              -l, --length #[KMG]       length of buffer to read or write (default 128 KB for TCP, 1460 for UDP)
              -P, --parallel #          number of parallel client streams to run
              -R, --reverse             run in reverse mode (server sends, client receives)
                  --bidir               run in bidirectional mode
              -w, --window #[KMG]       set send/receive socket buffer sizes
              -O, --omit N              perform pre-test for N seconds and omit the pre-test statistics
                  --udp-counters-64bit  use 64-bit counters in UDP test packets
              --get-server-output   get results from server
            """;

    private EngineCli() {
    }

    /** Runs the command; answers the exit code. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        Iperf3Arguments parsed;
        try {
            parsed = Iperf3Arguments.parse(args);
        } catch (EngineException wrong) {
            err.println("iperf3: parameter error - " + wrong.getMessage());
            err.println();
            err.print(USAGE);
            return 1;
        }
        if (parsed.help()) {
            out.print(USAGE);
            return 0;
        }
        try {
            if (parsed.server()) {
                ServerOptions options = new ServerOptions(parsed.port(), parsed.once(), parsed.interval(),
                        parsed.bind());
                try (Server server = new Server(options, () -> output(parsed, out, false))) {
                    String listening = "Server listening on " + server.port() + " (" + StartObject.version() + ")";
                    if (parsed.json()) {
                        // stdout is the JSON alone, as iperf3's; whoever started this server still learns it is up
                        err.println(listening);
                        err.flush();
                    } else {
                        out.println("-----------------------------------------------------------");
                        out.println(listening);
                        out.println("-----------------------------------------------------------");
                    }
                    server.serve();
                }
                return 0;
            }
            new Client(parsed.clientOptions(), output(parsed, out, true)).run();
            return 0;
        } catch (EngineException failed) {
            if (!parsed.json()) {
                err.println("iperf3: error - " + failed.getMessage());
            }
            return 1;
        }
    }

    private static Output output(Iperf3Arguments parsed, PrintStream out, boolean client) {
        return parsed.json() ? new JsonOutput(out, parsed.jsonStream()) : new TextOutput(out, client);
    }
}
