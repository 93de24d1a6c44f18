package com.burstline.engine;

import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;

import java.util.List;

/**
 * {@code burstline-agent.jar rr …}: the request/response test's command line, see {@link TransactionCli#USAGE}.
 * Every value is bounded by the contract's scenario limits, so the line a job starts and the line a person types
 * accept the same.
 */
record TransactionArguments(boolean help, boolean server, boolean once, String host, int port, String bind,
                            String protocol, int messageBytes, int flows, int durationSeconds, double intervalSeconds,
                            int omitSeconds) {
    static final int DEFAULT_PORT = 5201;

    static TransactionArguments parse(List<String> args) {
        boolean help = false;
        boolean server = false;
        boolean once = false;
        String host = null;
        String bind = null;
        int port = DEFAULT_PORT;
        String protocol = Protocol.UDP_RR.name();
        int bytes = Scenario.DEFAULT_MESSAGE_BYTES;
        int flows = 1;
        int duration = 10;
        double interval = 1;
        int omit = 0;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "-h", "--help" -> help = true;
                case "-s", "--server" -> server = true;
                case "-1", "--one-off" -> once = true;
                case "-c", "--client" -> host = value(args, ++i, arg);
                case "-B", "--bind" -> bind = value(args, ++i, arg);
                case "-p", "--port" -> port = (int) number(value(args, ++i, arg), arg, 1, 65535);
                case "--protocol" -> protocol = protocol(value(args, ++i, arg));
                case "-l", "--length" -> bytes = (int) bounded(value(args, ++i, arg), arg, Scenario.MESSAGE_BYTES);
                case "-P", "--parallel" -> flows = (int) bounded(value(args, ++i, arg), arg, Scenario.STREAMS);
                case "-t", "--time" -> duration = (int) bounded(value(args, ++i, arg), arg, Scenario.DURATION);
                case "-i", "--interval" -> interval = bounded(value(args, ++i, arg), arg, Scenario.INTERVAL);
                case "-O", "--omit" -> omit = (int) bounded(value(args, ++i, arg), arg, Scenario.OMIT);
                default -> throw new EngineException("unknown option " + arg);
            }
        }
        if (!help && server == (host != null)) {
            throw new EngineException("give either -s or -c <host>");
        }
        return new TransactionArguments(help, server, once, host, port, bind, protocol, bytes, flows, duration,
                interval, omit);
    }

    boolean udp() {
        return Protocol.UDP_RR.name().equals(protocol);
    }

    private static String protocol(String value) {
        if (!Protocol.isRequestResponse(value)) {
            throw new EngineException("--protocol must be " + Protocol.UDP_RR + " or " + Protocol.TCP_RR + ", not "
                    + value);
        }
        return value;
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new EngineException("option " + option + " needs a value");
        }
        return args.get(i);
    }

    private static double bounded(String text, String option, com.burstline.contract.Limit limit) {
        return number(text, option, limit.min(), limit.max());
    }

    private static double number(String text, String option, double min, double max) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new EngineException(option + " needs a number, not " + text);
        }
        if (!(value >= min && value <= max)) {
            throw new EngineException(option + " must be between " + plain(min) + " and " + plain(max) + ", not "
                    + text);
        }
        return value;
    }

    private static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
