package com.burstline.server.security;

import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretTokens;
import jakarta.servlet.DispatcherType;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;

/**
 * Three filter chains: the agent calls (stateless, agent token only), the API (stateless, API token, problem-details
 * errors) and the dashboard (session sign-in with the API token, CSRF-protected forms). The agent chain comes first
 * and claims only the agent calls, so the agent token is never accepted on the user API and the API token never on
 * agent calls. GET requests need no token anywhere.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    @Bean
    ApiToken apiToken(BurstlineProperties properties) {
        return new ApiToken(SecretTokens.resolve(properties.apiToken(), properties.dataDir(), "api-token",
                "burstline.api-token"));
    }

    @Bean
    AgentToken agentToken(BurstlineProperties properties) {
        return new AgentToken(SecretTokens.resolve(properties.agentToken(), properties.dataDir(), "agent-token",
                "burstline.agent-token"));
    }

    /** A bean, so that Spring Boot does not also create its default user with a generated password. */
    @Bean
    TokenLoginProvider tokenLoginProvider(ApiToken apiToken) {
        return new TokenLoginProvider(apiToken);
    }

    /** Registration, heartbeats, live samples and results: what {@code docs/agent-protocol.md} lists. */
    @Bean
    @Order(0)
    SecurityFilterChain agentChain(HttpSecurity http, AgentToken agentToken) throws Exception {
        var unauthorized = ProblemResponses.unauthorizedAgent();
        var paths = PathPatternRequestMatcher.withDefaults();
        return http
                .securityMatcher(new OrRequestMatcher(
                        paths.matcher(HttpMethod.POST, "/api/v1/agents"),
                        paths.matcher("/api/v1/agents/*/heartbeat"),
                        paths.matcher("/api/v1/agents/*/live"),
                        paths.matcher("/api/v1/agents/*/results")))
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(BearerTokenFilter.forAgents(agentToken, unauthorized),
                        AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .anyRequest().hasRole(BearerTokenFilter.AGENT_ROLE))
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint(unauthorized)
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .build();
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiChain(HttpSecurity http, ApiToken apiToken) throws Exception {
        var unauthorized = ProblemResponses.unauthorized();
        return http
                .securityMatcher("/api/**")
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(BearerTokenFilter.forApi(apiToken, unauthorized), AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(HttpMethod.GET, "/api/**").permitAll()
                        .anyRequest().hasRole(BearerTokenFilter.ROLE))
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint(unauthorized)
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain dashboardChain(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests
                        .dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.FORWARD).permitAll()
                        .requestMatchers("/upload", "/upload/**", "/runs/*/delete", "/runs/*/labels", "/jobs/new",
                                "/jobs/*/cancel", "/jobs/*/rerun")
                        .hasRole(BearerTokenFilter.ROLE)
                        .anyRequest().permitAll())
                .formLogin(login -> login.loginPage("/login").passwordParameter("token").permitAll())
                .logout(logout -> logout.logoutSuccessUrl("/runs"))
                .build();
    }
}
