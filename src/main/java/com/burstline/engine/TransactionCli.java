package com.burstline.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code burstline-agent.jar rr …}: the engine's request/response test, like netperf's UDP_RR and TCP_RR or sockperf's
 * ping-pong. Bad arguments print the usage and exit 1; a failed test prints an {@code error} event and exits 1.
 */
public final class TransactionCli {
    static final String USAGE = """
            Usage: java -jar burstline-agent.jar rr [-s|-c host] [options]
              -p, --port #          the server's TCP and UDP port (default 5201)
            Server:
              -s, --server          answer request/response tests
              -1, --one-off         answer one test, then exit
              -B, --bind <host>     listen on this address only (default: all)
            Client (prints JSON events, one a line):
              -c, --client <host>   run a test against <host>
                  --protocol #      UDP_RR (default) or TCP_RR
              -l, --length #        request and response payload in bytes (16-65000, default 64)
              -P, --parallel #      concurrent flows, one transaction outstanding each (default 1)
              -t, --time #          seconds to measure (default 10)
              -i, --interval #      seconds between reports (default 1)
              -O, --omit #          seconds to run first and leave out of the figures (default 0)
            """;

    private TransactionCli() {
    }

    /** Runs the command; answers the exit code. */
    public static int run(List<String> arguments, PrintStream out, PrintStream err) {
        TransactionArguments args;
        try {
            args = TransactionArguments.parse(arguments);
        } catch (EngineException wrong) {
            err.println("rr: " + wrong.getMessage());
            err.print(USAGE);
            return 1;
        }
        if (args.help()) {
            out.print(USAGE);
            return 0;
        }
        if (args.server()) {
            return serve(args, err);
        }
        TransactionOutput output = new TransactionOutput(out);
        try {
            new TransactionClient(args, output).run();
            return 0;
        } catch (EngineException | IOException failed) {
            output.error(failed.getMessage() == null ? failed.toString() : failed.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            output.error("interrupted");
            return 1;
        }
    }

    private static int serve(TransactionArguments args, PrintStream err) {
        try (TransactionServer server = new TransactionServer(args.port(), args.bind())) {
            // whoever started this server learns it is up, as from the engine's iperf3 server with -J
            err.println("Server listening on " + server.port() + " (" + StartObject.version() + ")");
            err.flush();
            server.serve(args.once(), err);
            return 0;
        } catch (IOException failed) {
            err.println("rr: " + failed.getMessage());
            return 1;
        }
    }
}
