package com.burstline.server.security;

import io.swagger.v3.oas.models.Operation;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

import java.util.Map;

/**
 * Each operation of the API docs says who may call it, from the one table the security filters read
 * ({@link AccessRules}), so the page states the rules the server applies.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocsAccess {
    private static final Map<String, String> WHO = Map.of(
            Role.VIEWER.name(), "a viewer (any user or API token)",
            Role.OPERATOR.name(), "an operator or an admin",
            Role.ADMIN.name(), "an admin",
            Role.AGENT, "the agent named in the path, with its own secret (no API token)",
            Role.ENROLLMENT, "the enrollment token or a join token (no API token)");

    @Bean
    OpenApiCustomizer accessRulesInApiDocs() {
        return api -> api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                AccessRules.find(HttpMethod.valueOf(method.name()), path).ifPresent(rule ->
                        describe(operation, WHO.getOrDefault(rule.role(), rule.role())))));
    }

    private static void describe(Operation operation, String who) {
        String access = "**Access:** " + who + "; 401 without a credential, 403 for a role too low.";
        operation.setDescription(operation.getDescription() == null ? access
                : access + "\n\n" + operation.getDescription());
    }
}
