package com.burstline.server.fleet;

import com.burstline.contract.AddressRange;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Which agent URLs the server may call: http or https, no user info, and a host whose every address lies inside
 * {@code burstline.agents.allowed-networks} (default: loopback and the private ranges). Link-local addresses, the
 * cloud instance metadata service (169.254.169.254) among them, and unspecified or multicast addresses are refused
 * whatever the setting says. Checked at registration and again before every call, since a name may resolve
 * differently later. An agent's test address, and so every peer the server names in a scenario, is held to the same
 * networks ({@link #hostRefusal}): an agent cannot be made to measure an address outside them. {@link #of} makes the same check for other URLs the server calls (schedules' webhooks) with a
 * setting of their own.
 */
@Component
@EnableConfigurationProperties(AgentAddresses.Settings.class)
public class AgentAddresses {
    static final List<String> DEFAULT_NETWORKS = AddressRange.PRIVATE;

    /** @param allowedNetworks CIDR ranges agent URLs may point into */
    @ConfigurationProperties("burstline.agents")
    record Settings(List<String> allowedNetworks) {
        Settings {
            allowedNetworks = allowedNetworks == null || allowedNetworks.isEmpty() ? DEFAULT_NETWORKS
                    : List.copyOf(allowedNetworks);
        }
    }

    private final List<Cidr> allowed;
    private final List<String> networks;
    private final String described;
    private final String setting;

    /** The defaults, for code that builds its own client (tests of the server→agent calls). */
    public static AgentAddresses defaults() {
        return new AgentAddresses(new Settings(null));
    }

    @Autowired
    AgentAddresses(Settings settings) {
        this("burstline.agents.allowed-networks", settings.allowedNetworks());
    }

    private AgentAddresses(String setting, List<String> networks) {
        this.allowed = networks.stream().map(Cidr::parse).toList();
        this.networks = List.copyOf(networks);
        this.described = String.join(", ", networks);
        this.setting = setting;
    }

    /**
     * The same rules for another kind of URL: {@code networks} (default: those of agents) named {@code setting} in
     * the refusals.
     */
    public static AgentAddresses of(String setting, List<String> networks) {
        return new AgentAddresses(setting, networks == null || networks.isEmpty() ? DEFAULT_NETWORKS : networks);
    }

    /** Null when the server may call this URL, else why not, in words. */
    public String refusal(URI url) {
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
            return "url must be http or https";
        }
        if (url.getRawUserInfo() != null) {
            return "url must not carry a user name or password";
        }
        String host = url.getHost() == null ? "" : url.getHost().replace("[", "").replace("]", "");
        return hostRefusal("url", host, "which the server never calls");
    }

    /**
     * Null when every address of {@code host} lies inside the allowed networks, else why not, in words naming
     * {@code label} ("testAddress", "peer").
     */
    public String hostRefusal(String label, String host) {
        return hostRefusal(label, host, "which no agent is sent to measure");
    }

    private String hostRefusal(String label, String host, String never) {
        try {
            return refusal(label, host, InetAddress.getAllByName(host), never);
        } catch (UnknownHostException e) {
            return label + " host " + host + " does not resolve";
        }
    }

    private String refusal(String label, String host, InetAddress[] addresses, String never) {
        for (InetAddress address : addresses) {
            if (address.isLinkLocalAddress() || address.isAnyLocalAddress() || address.isMulticastAddress()) {
                return label + " " + host + " is a link-local, unspecified or multicast address ("
                        + address.getHostAddress() + "), " + never;
            }
            if (allowed.stream().noneMatch(network -> network.contains(address))) {
                return label + " " + host + " (" + address.getHostAddress() + ") is outside " + setting + " ("
                        + described + ")";
            }
        }
        return null;
    }

    /**
     * A peer's address, resolved once and checked: every address the name has must lie inside the allowed networks,
     * and the first is the one the SUT is sent, so that no later lookup (the agent's, or ours again) can answer
     * differently (split DNS, rebinding).
     *
     * @param refusal null when {@code address} may be measured, else why not, in words
     */
    public record Checked(String address, String refusal) {
    }

    public Checked checkedAddress(String label, String host) {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new Checked(null, label + " host " + host + " does not resolve");
        }
        String refusal = refusal(label, host, addresses, "which no agent is sent to measure");
        return refusal != null ? new Checked(null, refusal) : new Checked(addresses[0].getHostAddress(), null);
    }

    /** The allowed networks as given, which the SUT is told too (it measures no peer outside them). */
    public List<String> networks() {
        return networks;
    }

    void check(URI url) {
        String refusal = refusal(url);
        if (refusal != null) {
            throw new InvalidAgentException(refusal);
        }
    }

    void checkTestAddress(String testAddress) {
        String refusal = hostRefusal("testAddress", testAddress);
        if (refusal != null) {
            throw new InvalidAgentException(refusal);
        }
    }
}
