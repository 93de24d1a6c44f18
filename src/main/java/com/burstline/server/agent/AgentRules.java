package com.burstline.server.agent;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/** The bounds docs/agent-protocol.md sets on what agents send; checked before anything is stored. */
final class AgentRules {
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** An IPv4 address, a bracket-less IPv6 address or a host name: never spaces, slashes or control characters. */
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9.:%_-]{1,255}");
    static final int MAX_FACTS = 100_000;

    private AgentRules() {
    }

    static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidAgentException("name must be 1–64 characters of letters, digits, '.', '_' or '-', not "
                    + (name == null ? "missing" : "'" + name + "'"));
        }
        return name;
    }

    /** Checks the registration and fills in the test address from the URL's host when the agent gave none. */
    static AgentRegistration check(AgentRegistration registration) {
        checkName(registration.name());
        URI url = checkUrl(registration.url());
        String testAddress = registration.testAddress() == null || registration.testAddress().isBlank()
                ? url.getHost().replace("[", "").replace("]", "") : registration.testAddress().strip();
        if (!ADDRESS.matcher(testAddress).matches()) {
            throw new InvalidAgentException("testAddress must be an IP address or a host name, not '"
                    + testAddress + "'");
        }
        String version = registration.version();
        if (version != null && (version.length() > 64 || version.chars().anyMatch(Character::isISOControl))) {
            throw new InvalidAgentException("version must be at most 64 characters without control characters");
        }
        return new AgentRegistration(registration.name(), url.toString(), testAddress, version,
                registration.facts());
    }

    private static URI checkUrl(String url) {
        String problem = "url must be where the server reaches the agent, like http://10.77.1.2:7701, not "
                + (url == null ? "missing" : "'" + url + "'");
        if (url == null || url.length() > 500) {
            throw new InvalidAgentException(problem);
        }
        try {
            URI uri = new URI(url.strip());
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new InvalidAgentException(problem);
            }
            // Without a trailing slash, so that the server can append /v1/... to it.
            return URI.create(uri.toString().replaceAll("/+$", ""));
        } catch (URISyntaxException e) {
            throw new InvalidAgentException(problem);
        }
    }
}
