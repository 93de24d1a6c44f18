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
 * The API docs (/v3/api-docs, /swagger-ui.html): titled Burstline with its version, and the API token as a bearer
 * scheme, so that "Authorize" once makes "Try it out" work for uploads, jobs and edits (reads need no token).
 */
@Configuration(proxyBeanMethods = false)
class ApiDocs {
    static final String BEARER = "apiToken";

    @Bean
    OpenAPI burstlineOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Burstline").version(BuildVersion.get())
                        .description("Store, compare and measure iperf3 runs against the instance's burst limit "
                                + "and baseline. Reads need no token; writes take the API token (data/api-token) "
                                + "as 'Authorization: Bearer …' — use Authorize. Errors are RFC 9457 problem "
                                + "details."))
                .components(new Components().addSecuritySchemes(BEARER, new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .description("The API token: burstline.api-token, or the file data/api-token")))
                .addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
}
