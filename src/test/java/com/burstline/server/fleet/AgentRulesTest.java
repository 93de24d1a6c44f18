package com.burstline.server.fleet;

import com.burstline.contract.NameRules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server takes the names and test addresses the agent's own rules take (the contract's NameRules), no others. */
class AgentRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"10.77.0.2", "::1", "fe80::1%eth0", "ip-10-0-0-5.ec2.internal", "peer"})
    void aTestAddressTheAgentAcceptsIsRegistered(String address) {
        assertThat(NameRules.isHost(address)).isTrue();
        assertThat(AgentRules.check(registration("arm-a", address)).testAddress()).isEqualTo(address);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-R", "--bidir", "host_name", "a..b", "10.0.0.1 -R", "h;reboot"})
    void aTestAddressTheAgentRefusesIsRefusedHereToo(String address) {
        assertThat(NameRules.isHost(address)).isFalse();
        assertThatThrownBy(() -> AgentRules.check(registration("arm-a", address)))
                .isInstanceOf(InvalidAgentException.class).hasMessageContaining("testAddress must be");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "", "name/with/slash", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})
    void namesFollowTheSameRuleAsTheAgentsName(String name) {
        assertThat(NameRules.isAgentName(name)).isFalse();
        assertThatThrownBy(() -> AgentRules.checkName(name)).isInstanceOf(InvalidAgentException.class)
                .hasMessageContaining("name must be 1–64 characters");
    }

    private static AgentRegistration registration(String name, String testAddress) {
        return new AgentRegistration(name, "http://10.77.1.2:7701", testAddress, "0.1.0", null, null, null);
    }

    @org.junit.jupiter.api.Test
    void aFingerprintIsKeptInTheContractsOneFormAndOnlyWithAnHttpsUrl() {
        String bare = "ab".repeat(32);
        String pinned = AgentRules.check(new AgentRegistration("arm-a", "https://10.77.1.2:7701", null, "0.1.0",
                null, bare, null)).certificateSha256();

        assertThat(pinned).isEqualTo(String.join(":", java.util.Collections.nCopies(32, "AB")));
        assertThatThrownBy(() -> AgentRules.check(new AgentRegistration("arm-a", "http://10.77.1.2:7701", null,
                "0.1.0", null, bare, null))).isInstanceOf(InvalidAgentException.class)
                .hasMessageContaining("certificateSha256 goes with an https url");
        assertThatThrownBy(() -> AgentRules.check(new AgentRegistration("arm-a", "https://10.77.1.2:7701", null,
                "0.1.0", null, "AB:CD", null))).isInstanceOf(InvalidAgentException.class)
                .hasMessageContaining("certificateSha256 must be a SHA-256 fingerprint");
    }

    @org.junit.jupiter.api.Test
    void aProposedSecretMustBeTheFormTheAgentDraws() {
        String drawn = com.burstline.contract.EnrollmentSecret.generate();
        assertThat(AgentRules.check(new AgentRegistration("arm-a", "http://10.77.1.2:7701", null, "0.1.0", null, null,
                drawn)).secret()).isEqualTo(drawn);
        assertThatThrownBy(() -> AgentRules.check(new AgentRegistration("arm-a", "http://10.77.1.2:7701", null,
                "0.1.0", null, null, "password123"))).isInstanceOf(InvalidAgentException.class)
                .hasMessageContaining("secret must be \"bl_\" and 43 characters");
    }
}
