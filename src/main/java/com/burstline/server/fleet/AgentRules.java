package com.burstline.server.fleet;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.EnrollmentSecret;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.NameRules;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.Supplier;

/**
 * The bounds docs/agent-protocol.md sets on what agents send; checked before anything is stored. The name and the
 * test address follow the contract's {@link NameRules}, the same the agent checks its own settings with.
 */
final class AgentRules {
    static final int MAX_FACTS = 100_000;
    /** The path segment of the join tokens' endpoints, which an agent's name would shadow. */
    static final String RESERVED_NAME = "join-tokens";

    private AgentRules() {
    }

    static String checkName(String name) {
        return contract(() -> NameRules.checkAgentName("name", name));
    }

    /** A name an agent may enroll with: {@link #checkName} and not the reserved path segment. */
    static String checkNewName(String name) {
        checkName(name);
        if (RESERVED_NAME.equals(name)) {
            throw new InvalidAgentException("name '" + RESERVED_NAME + "' is reserved (the API's join tokens live at "
                    + "/api/v1/agents/join-tokens): choose another name");
        }
        return name;
    }

    /** Checks the registration and fills in the test address from the URL's host when the agent gave none. */
    static AgentRegistration check(AgentRegistration registration) {
        checkNewName(registration.name());
        URI url = checkUrl(registration.url());
        String testAddress = registration.testAddress() == null || registration.testAddress().isBlank()
                ? url.getHost().replace("[", "").replace("]", "") : registration.testAddress().strip();
        if (!NameRules.isHost(testAddress)) {
            throw new InvalidAgentException("testAddress must be an IP address or a hostname, not '"
                    + testAddress + "'");
        }
        String version = registration.version();
        if (version != null && (version.length() > 64 || version.chars().anyMatch(Character::isISOControl))) {
            throw new InvalidAgentException("version must be at most 64 characters without control characters");
        }
        return new AgentRegistration(registration.name(), url.toString(), testAddress, version,
                registration.facts(), checkFingerprint(url, registration.certificateSha256()),
                checkSecret(registration.secret()), checkServerKey(registration.serverKeySha256()));
    }

    /** The fingerprint of the server key an agent says it holds, in the contract's one form; null for none. */
    static String checkServerKey(String fingerprint) {
        return fingerprint == null ? null
                : contract(() -> CertificateFingerprint.check("serverKeySha256", fingerprint));
    }

    private static String checkSecret(String secret) {
        return secret == null ? null : contract(() -> EnrollmentSecret.check(secret));
    }

    /** The fingerprint an admin accepts, in the contract's one form; null when they accept what is presented. */
    static String checkExpectedFingerprint(String fingerprint) {
        return fingerprint == null ? null : contract(() -> CertificateFingerprint.check("sha256", fingerprint));
    }

    /** Normalized to the contract's one form; an agent serving plain HTTP presents no certificate to pin. */
    private static String checkFingerprint(URI url, String fingerprint) {
        if (fingerprint == null) {
            return null;
        }
        if (!"https".equals(url.getScheme())) {
            throw new InvalidAgentException("certificateSha256 goes with an https url; this agent's url is " + url);
        }
        return contract(() -> CertificateFingerprint.check("certificateSha256", fingerprint));
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

    /** The contract's rules, whose refusals the agent API answers as an invalid agent (400). */
    private static String contract(Supplier<String> rule) {
        try {
            return rule.get();
        } catch (InvalidMessageException e) {
            throw new InvalidAgentException(e.getMessage());
        }
    }
}
