package com.burstline.agent;

import com.burstline.contract.NameRules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's settings, from {@code --options} or the same names as environment variables
 * ({@code --instance-type} = {@code BURSTLINE_INSTANCE_TYPE}); an option wins over the environment.
 * {@code advertise} is null when not given: it then follows the address the API actually bound.
 */
record AgentSettings(URI server, String serverFingerprint, String token, String name, InetSocketAddress listen,
                     URI advertise, String testAddress, String iperf3, String instanceType, Path spool,
                     TlsSettings tls, AllowedPeers allowedPeers, Path log) {
    static final int DEFAULT_PORT = com.burstline.contract.AgentPort.DEFAULT;
    static final List<Option> OPTIONS = List.of(
            new Option("server", "URL", "the Burstline server's address for agents, e.g. https://10.0.0.1:8443 "
                    + "(required; http:// only as an explicit choice: the agent warns)"),
            new Option("server-fingerprint", "SHA256", "the SHA-256 fingerprint of the certificate the server's "
                    + "HTTPS listener for agents presents, as the Agents page shows it (default: the JDK's CAs)"),
            new Option("token", "TOKEN", "the token to enroll with: a join token from the Agents page (once), or "
                    + "the server's shared burstline.agent-token (shows in ps: prefer --token-file or the environment)"),
            new Option("token-file", "FILE", "a file holding that token, e.g. the join-token file the Agents page's "
                    + "commands write; it opens nothing on this agent"),
            new Option("name", "NAME", "this agent's name, e.g. t4g-arm-a (required)"),
            new Option("listen", "HOST:PORT", "where this agent's API listens (default: port 7701 on the address "
                    + "this host reaches --server from; :PORT for another port there; 0.0.0.0:PORT for all)"),
            new Option("advertise", "URL", "where the server reaches this agent (default "
                    + "https://<listen host>:PORT; http:// with --tls off)"),
            new Option("test-address", "ADDR", "where the peer agent sends test traffic, and the only address this "
                    + "agent's iperf3 server listens on (default: host of advertise)"),
            new Option("allowed-peers", "CIDR,...", "the only addresses this agent measures against, e.g. "
                    + "10.77.0.0/24 (default: the peers its server names, inside the networks its server allows)"),
            new Option("iperf3", "PATH", "the iperf3 program (default iperf3 on the PATH)"),
            new Option("instance-type", "TYPE", "EC2 instance type (default: asked from instance metadata on EC2)"),
            new Option("spool", "DIR", "where results wait while the server is away, and the agent's own secret "
                    + "(<name>.secret, owner-only) after it enrolled (default ./agent-spool)"),
            new Option("tls", "on|off", "on (default): HTTPS with --tls-keystore or a key of its own kept beside "
                    + "the spool; off: plain HTTP, for loopback"),
            new Option("tls-keystore", "FILE", "a PKCS#12 keystore with this agent's key and certificate"),
            new Option("tls-keystore-password-file", "FILE", "a file holding that keystore's password (or "
                    + TlsSettings.PASSWORD_ENVIRONMENT + "; never on the command line)"),
            new Option("log", "FILE", "append this agent's output to FILE instead of the console (a Windows task "
                    + "has none); at start a FILE over 10 MB becomes FILE.1"));

    static AgentSettings parse(List<String> args, Map<String, String> environment) {
        Map<String, String> values = new HashMap<>();
        OPTIONS.forEach(option -> {
            String fromEnvironment = environment.get(option.environmentName());
            if (fromEnvironment != null && !fromEnvironment.isBlank()) {
                values.put(option.name(), fromEnvironment.strip());
            }
        });
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--tls-keystore-password")) {
                throw new IllegalArgumentException(arg + " is not taken on the command line, where ps shows it: use "
                        + "--tls-keystore-password-file FILE or " + TlsSettings.PASSWORD_ENVIRONMENT);
            }
            Option option = OPTIONS.stream().filter(o -> arg.equals("--" + o.name())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown argument '" + arg + "'"));
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(arg + " needs a value: " + arg + " " + option.valueName());
            }
            values.put(option.name(), args.get(++i));
        }
        return fromValues(values, environment);
    }

    private static AgentSettings fromValues(Map<String, String> values, Map<String, String> environment) {
        URI server = httpUrl("server", require(values, "server"));
        String serverFingerprint = values.containsKey("server-fingerprint")
                ? fingerprint(values.get("server-fingerprint")) : null;
        if (serverFingerprint != null && !"https".equals(server.getScheme())) {
            throw new IllegalArgumentException("--server-fingerprint needs an https:// --server: a plain HTTP server "
                    + "presents no certificate");
        }
        String token = token(values);
        String name = require(values, "name");
        NameRules.checkAgentName("--name", name);
        InetSocketAddress listen = SettingValues.hostPort(values.getOrDefault("listen", ":" + DEFAULT_PORT),
                () -> SettingValues.controlAddress(server));
        TlsSettings tls = TlsSettings.from(values, environment);
        URI advertise = values.containsKey("advertise") ? httpUrl("advertise", values.get("advertise")) : null;
        if (advertise != null && !advertise.getScheme().equals(tls.scheme())) {
            throw new IllegalArgumentException("--advertise must be a " + tls.scheme() + ":// URL: the agent serves "
                    + (tls.enabled() ? "HTTPS (--tls off for plain HTTP)" : "plain HTTP (--tls off)"));
        }
        String testAddress = values.getOrDefault("test-address",
                advertise != null ? advertise.getHost() : SettingValues.reachableHost(listen));
        NameRules.checkHost("--test-address", testAddress);
        return new AgentSettings(server, serverFingerprint, token, name, listen, advertise, testAddress,
                values.getOrDefault("iperf3", "iperf3"), values.get("instance-type"),
                Path.of(values.getOrDefault("spool", "agent-spool")), tls,
                AllowedPeers.parse(values.get("allowed-peers")),
                values.containsKey("log") ? Path.of(values.get("log")) : null);
    }

    private static String fingerprint(String value) {
        try {
            return com.burstline.contract.CertificateFingerprint.check("--server-fingerprint", value);
        } catch (com.burstline.contract.InvalidMessageException wrong) {
            throw new IllegalArgumentException(wrong.getMessage());
        }
    }

    /** --token, or the first line of --token-file: one of them is required. */
    private static String token(Map<String, String> values) {
        if (values.containsKey("token") || !values.containsKey("token-file")) {
            if (!values.containsKey("token")) {
                throw new IllegalArgumentException("--token-file or --token is required (or "
                        + Option.environmentName("token-file") + " or " + Option.environmentName("token") + ")");
            }
            return require(values, "token");
        }
        Path file = Path.of(values.get("token-file"));
        try {
            String token = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (token.isEmpty()) {
                throw new IllegalArgumentException("--token-file " + file + " is empty");
            }
            return token;
        } catch (IOException e) {
            throw new IllegalArgumentException("--token-file " + file + " cannot be read: " + e.getMessage());
        }
    }

    private static String require(Map<String, String> values, String name) {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--" + name + " is required (or " + Option.environmentName(name) + ")");
        }
        return value.strip();
    }

    private static URI httpUrl(String name, String value) {
        try {
            URI uri = URI.create(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + name + " must be an http(s) URL, not '" + value + "'");
        }
    }

    static String usage() {
        StringBuilder usage = new StringBuilder("Usage: java -jar burstline-agent.jar --server URL --token-file FILE "
                + "--name NAME [options]\n\nOptions (each also as an environment variable):\n");
        OPTIONS.forEach(o -> usage.append(String.format("  --%-14s %-10s %s%n  %28s%s%n", o.name(), o.valueName(),
                o.help(), "", o.environmentName())));
        return usage.append("  --help                   print this text\n").toString();
    }

    /** One command-line option and its environment variable. */
    record Option(String name, String valueName, String help) {
        String environmentName() {
            return environmentName(name);
        }

        static String environmentName(String optionName) {
            String suffix = optionName.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
            return switch (optionName) {
                case "token" -> "BURSTLINE_AGENT_TOKEN";
                case "token-file" -> "BURSTLINE_AGENT_TOKEN_FILE";
                case "server", "iperf3", "instance-type" -> "BURSTLINE_" + suffix;
                default -> "BURSTLINE_AGENT_" + suffix;
            };
        }
    }
}
