package com.burstline.engine;

import java.util.List;

/** The parsed iperf3-style command line. */
record Iperf3Arguments(boolean help, boolean server, boolean once, String host, int port, double interval,
                       boolean json, boolean jsonStream, TestParams params, String bind) {

    ClientOptions clientOptions() {
        return new ClientOptions(host, port, params, interval, 10_000);
    }

    static Iperf3Arguments parse(List<String> args) {
        Builder b = new Builder();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "-h", "--help" -> b.help = true;
                case "-s", "--server" -> b.server = true;
                case "-1", "--one-off" -> b.once = true;
                case "-c", "--client" -> b.host = value(args, ++i, arg);
                case "-B", "--bind" -> b.bind = value(args, ++i, arg);
                case "-p", "--port" -> b.port = (int) integer(value(args, ++i, arg), arg, 1, 65535);
                case "-i", "--interval" -> b.interval = decimal(value(args, ++i, arg), arg);
                case "-J", "--json" -> b.json = true;
                case "--json-stream" -> {
                    b.json = true;
                    b.jsonStream = true;
                }
                case "-u", "--udp" -> b.udp = true;
                case "-b", "--bitrate", "--bandwidth" -> b.bandwidth = (long) AdaptiveUnits.parse(value(args, ++i, arg), arg, 1000);
                case "-t", "--time" -> b.time = (int) integer(value(args, ++i, arg), arg, 0, 86400);
                case "-n", "--bytes" -> b.bytes = (long) AdaptiveUnits.parse(value(args, ++i, arg), arg, 1024);
                case "-k", "--blockcount" -> b.blocks = (long) AdaptiveUnits.parse(value(args, ++i, arg), arg, 1024);
                case "-l", "--length" -> b.len = (int) AdaptiveUnits.parse(value(args, ++i, arg), arg, 1024);
                case "-P", "--parallel" -> b.parallel = (int) integer(value(args, ++i, arg), arg, 1, 128);
                case "-R", "--reverse" -> b.reverse = true;
                case "--bidir" -> b.bidir = true;
                case "-w", "--window" -> b.window = (int) AdaptiveUnits.parse(value(args, ++i, arg), arg, 1024);
                case "-O", "--omit" -> b.omit = (int) integer(value(args, ++i, arg), arg, 0, 600);
                case "--udp-counters-64bit" -> b.counters64 = true;
                case "--get-server-output" -> b.serverOutput = true;
                default -> throw new EngineException("unknown option " + arg);
            }
        }
        return b.build();
    }

    private static String value(List<String> args, int index, String option) {
        if (index >= args.size()) {
            throw new EngineException(option + " needs a value");
        }
        return args.get(index);
    }

    private static long integer(String text, String option, long min, long max) {
        try {
            long value = Long.parseLong(text);
            if (value < min || value > max) {
                throw new EngineException(option + " must be " + min + " to " + max + ", not " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new EngineException(option + " takes a whole number, not '" + text + "'");
        }
    }

    private static double decimal(String text, String option) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new EngineException(option + " takes a number, not '" + text + "'");
        }
    }

    private static final class Builder {
        boolean help;
        boolean server;
        boolean once;
        String host;
        String bind;
        int port = Wire.DEFAULT_PORT;
        double interval = 1;
        boolean json;
        boolean jsonStream;
        boolean udp;
        Long bandwidth;
        int time = 10;
        long bytes;
        long blocks;
        Integer len;
        int parallel = 1;
        boolean reverse;
        boolean bidir;
        int window;
        int omit;
        boolean counters64;
        boolean serverOutput;

        Iperf3Arguments build() {
            if (help) {
                return new Iperf3Arguments(true, false, false, null, port, interval, false, false, null, null);
            }
            if (server == (host != null)) {
                throw new EngineException("must either be a client (-c) or server (-s)");
            }
            if (interval != 0 && (interval < 0.1 || interval > 60)) {
                throw new EngineException("the interval must be 0 or 0.1 to 60 seconds");
            }
            if (!server && bind != null) {
                throw new EngineException("-B is taken by the server (-s) only");
            }
            if (server) {
                return new Iperf3Arguments(false, true, once, null, port, interval, json, jsonStream, null, bind);
            }
            int length = len != null ? len : udp ? Wire.DEFAULT_UDP_BLKSIZE : Wire.DEFAULT_TCP_BLKSIZE;
            long rate = bandwidth != null ? bandwidth : udp ? Wire.DEFAULT_UDP_RATE : 0;
            int seconds = bytes > 0 || blocks > 0 ? 0 : time;
            TestParams params = new TestParams(udp, omit, seconds, bytes, blocks, parallel, reverse, bidir, window,
                    length, rate, counters64, serverOutput);
            return new Iperf3Arguments(false, false, false, host, port, interval, json, jsonStream, params, null);
        }
    }
}
