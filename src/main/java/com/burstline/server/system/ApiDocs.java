package com.burstline.server.system;

import com.burstline.contract.BuildVersion;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API docs (/v3/api-docs, /swagger-ui.html): titled Burstline with its version, the authentication rules as they
 * are (every call needs a credential, 401 without; each operation's role is added from {@code AccessRules} by the
 * security feature), and the API token as a bearer scheme, so that "Authorize" once makes "Try it out" work.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocs {
    static final String BEARER = "apiToken";
    static final String DESCRIPTION = "Store, compare and measure iperf3 runs against the instance's burst limit and "
            + "baseline.\n\n"
            + "**Authentication.** Every call needs a credential, reads included, and answers 401 (a problem detail) "
            + "without one or with a wrong, revoked or expired one: an API token as `Authorization: Bearer …` (the "
            + "bootstrap admin token in `data/api-token`, or a token an admin made with `POST /api/v1/tokens`; use "
            + "Authorize), or the dashboard's signed-in session, which is how Try it out works in the browser you "
            + "signed in with. Each operation names the role it needs: a viewer reads; an operator also uploads, "
            + "relabels and deletes runs, starts and cancels jobs and manages schedules; an admin also manages "
            + "users, tokens and agents. A role too low answers 403. Only `/actuator/health`, the sign-in page and "
            + "static files are open, and reads too when the server runs with "
            + "`burstline.security.public-read=true`. Agents' own calls (`/api/v1/agents/{name}/heartbeat`, `live`, "
            + "`results`) take the agent's own secret and enrolling the enrollment or a join token, never an API "
            + "token (docs/agent-protocol.md).\n\n"
            + "Errors are RFC 9457 problem details.";

    @Bean
    OpenAPI burstlineOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Burstline").version(BuildVersion.get())
                        .description(DESCRIPTION))
                .components(new Components().addSecuritySchemes(BEARER, new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .description("The API token: burstline.api-token, or the file data/api-token")))
                .addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
}
