package com.burstline.server.security;

import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretTokens;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;


/**
 * Four filter chains: the agent calls (stateless: a join token or the enrollment token to enroll, then each agent's
 * own secret), the agent jar download (users, or a join token), the API (a token or the dashboard's session,
 * problem-details errors) and the dashboard (form sign-in, CSRF-protected forms). Who may do what comes from
 * {@link AccessRules}; roles include each other (admin > operator > viewer); the agent role stands apart, so the
 * agent token and agents' secrets are never accepted on the user API and no user token on agent calls. A signed-in
 * session is checked on each request against what it was opened with (SessionCheckFilter).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecuritySettings.class)
class SecurityConfiguration {

    /** The bootstrap token, listed among the API tokens before any request is served. */
    @Bean
    ApiToken apiToken(BurstlineProperties properties, ApiTokens tokens) {
        ApiToken token = new ApiToken(SecretTokens.resolve(properties.apiToken(), properties.dataDir(), "api-token",
                "burstline.api-token"), "burstline.api-token");
        boolean configured = properties.apiToken() != null && !properties.apiToken().isBlank();
        tokens.registerBootstrap(token, "bootstrap, from " + (configured ? "burstline.api-token"
                : shown(properties.dataDir().resolve("api-token"))));
        return token;
    }

    /** ./data/api-token as a person would write it; a long path keeps its end (a token's name has 100 characters). */
    private static String shown(java.nio.file.Path file) {
        String path = file.isAbsolute() || file.startsWith(".") ? file.toString() : "./" + file;
        return path.length() <= 80 ? path : "…" + path.substring(path.length() - 79);
    }

    /**
     * The shared enrollment token exists only when chosen: {@code burstline.agent-token}, or the file agent-token
     * that an earlier version generated in the data dir (so an upgraded server still lets its agents enroll again).
     */
    @Bean
    AgentToken agentToken(BurstlineProperties properties) {
        return AgentToken.of(SecretTokens.configuredOrKept(properties.agentToken(), properties.dataDir(),
                "agent-token"), properties.dataDir().resolve("agent-token").toAbsolutePath());
    }

    @Bean
    static RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix()
                .role(Role.ADMIN.name()).implies(Role.OPERATOR.name())
                .role(Role.OPERATOR.name()).implies(Role.VIEWER.name())
                .build();
    }

    /** bcrypt today; the stored "{id}" prefix lets a later default (argon2) coexist with older hashes. */
    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    /**
     * No observation per security filter, authentication and authorisation: with an ObservationRegistry present,
     * Spring Security otherwise wraps each of the chain's filters in one, on every request, a cost the upload
     * benchmark saw. Requests are still observed as a whole (http.server.requests).
     */
    @Bean
    static SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    FailureLimiter failureLimiter(SecuritySettings settings) {
        return settings.limiter();
    }

    @Bean
    @Order(0)
    SecurityFilterChain agentChain(HttpSecurity http, AgentToken agentToken, AgentSecrets agents,
                                   JoinTokens joinTokens, SecuritySettings settings) throws Exception {
        var unauthorized = ProblemResponses.unauthorizedAgent();
        // a limiter of their own, counting per agent: people's mistakes, or another agent's, behind the agents'
        // address never lock out their heartbeats
        var filter = new AgentBearerFilter(agentToken, agents, joinTokens, unauthorized, settings.limiter());
        return http
                .securityMatcher(matcherOf(AccessRules.agentCalls()))
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(filter, AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> AccessPolicy.agents(requests))
                .exceptionHandling(errors -> errors.authenticationEntryPoint(unauthorized)
                        .accessDeniedHandler(ProblemResponses.forbiddenAgent()))
                .build();
    }

    /** The agent jar: signed-in users and user tokens (any role), or a join token that may still enroll. */
    @Bean
    @Order(-1)
    SecurityFilterChain agentJarChain(HttpSecurity http, ApiToken apiToken, ApiTokens tokens, JoinTokens joinTokens,
                                      FailureLimiter limiter, SecuritySettings settings) throws Exception {
        var unauthorized = ProblemResponses.unauthorized();
        var filter = new BearerTokenFilter(TokenAuthenticators.agentJar(TokenAuthenticators.users(tokens),
                joinTokens), unauthorized, limiter);
        AccessPolicy.anonymous(http, settings);
        SecurityHeaders.apply(http);
        return http
                .securityMatcher(AccessRules.AGENT_JAR)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(filter, AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests.anyRequest().hasAnyRole(Role.VIEWER.name(),
                        Role.AGENT_JAR))
                .exceptionHandling(errors -> errors.authenticationEntryPoint(unauthorized)
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .build();
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiChain(HttpSecurity http, ApiToken apiToken, ApiTokens tokens, CredentialWatch credentials,
                                 FailureLimiter limiter, SecuritySettings settings) throws Exception {
        var unauthorized = ProblemResponses.unauthorized();
        var filter = new BearerTokenFilter(TokenAuthenticators.users(tokens), unauthorized, limiter);
        AccessPolicy.anonymous(http, settings);
        SecurityHeaders.apply(http);
        return http
                .securityMatcher("/api/**")
                .csrf(csrf -> csrf.requireCsrfProtectionMatcher(AccessPolicy::sessionWrite))
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .addFilterAfter(new SessionCheckFilter(credentials), SecurityContextHolderFilter.class)
                .addFilterBefore(filter, AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> AccessPolicy.api(requests))
                .exceptionHandling(errors -> errors.authenticationEntryPoint(unauthorized)
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain dashboardChain(HttpSecurity http, ApiToken apiToken, ApiTokens tokens, UserAccounts users,
                                       CredentialWatch credentials, PasswordEncoder passwords,
                                       FailureLimiter limiter, SecuritySettings settings)
            throws Exception {
        var userTokens = TokenAuthenticators.users(tokens);
        var unauthorized = ProblemResponses.unauthorized();
        AccessPolicy.anonymous(http, settings);
        SecurityHeaders.apply(http);
        return http
                .authenticationManager(new ProviderManager(new TokenLoginProvider(userTokens),
                        new PasswordSignIn(users, passwords)))
                .addFilterAfter(new SessionCheckFilter(credentials), SecurityContextHolderFilter.class)
                .addFilterBefore(new BearerTokenFilter(userTokens, unauthorized, limiter),
                        AnonymousAuthenticationFilter.class)
                .addFilterBefore(new SignInLimitFilter(limiter), UsernamePasswordAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> AccessPolicy.pages(requests))
                .formLogin(login -> login.loginPage("/login").permitAll()
                        .failureHandler(new SignInFailureHandler(limiter)))
                .logout(logout -> logout.logoutSuccessUrl("/login?logout"))
                .exceptionHandling(errors -> errors.defaultAuthenticationEntryPointFor(unauthorized,
                        AccessPolicy::machineRequest))
                .build();
    }

    private static RequestMatcher matcherOf(java.util.List<AccessRules.Rule> rules) {
        var paths = PathPatternRequestMatcher.withDefaults();
        return new OrRequestMatcher(rules.stream()
                .map(rule -> (RequestMatcher) paths.matcher(rule.method(), rule.path())).toList());
    }
}
