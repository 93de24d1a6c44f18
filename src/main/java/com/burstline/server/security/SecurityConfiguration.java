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

/**
 * Two filter chains: the API (stateless, bearer token, problem-details errors) and the dashboard (session sign-in
 * with the same token, CSRF-protected forms). GET requests need no token anywhere.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    @Bean
    ApiToken apiToken(BurstlineProperties properties) {
        return new ApiToken(SecretTokens.resolve(properties.apiToken(), properties.dataDir(), "api-token",
                "burstline.api-token"));
    }

    /** A bean, so that Spring Boot does not also create its default user with a generated password. */
    @Bean
    TokenLoginProvider tokenLoginProvider(ApiToken apiToken) {
        return new TokenLoginProvider(apiToken);
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
                .addFilterBefore(new BearerTokenFilter(apiToken, unauthorized), AnonymousAuthenticationFilter.class)
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
                        .requestMatchers("/upload", "/upload/**", "/runs/*/delete").hasRole(BearerTokenFilter.ROLE)
                        .anyRequest().permitAll())
                .formLogin(login -> login.loginPage("/login").passwordParameter("token").permitAll())
                .logout(logout -> logout.logoutSuccessUrl("/runs"))
                .build();
    }
}
