package com.burstline.server.fleet;

import com.burstline.server.security.AccessRules;
import com.burstline.server.system.ProblemTypes;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The agent jar, for the host about to enroll (a join token as bearer) and for signed-in users; its SHA-256 goes
 * along in a header and on the Agents page. Not part of the API document: it is a file, not a call.
 */
@Hidden
@RestController
class AgentJarController {
    private final AgentJar jar;

    AgentJarController(AgentJar jar) {
        this.jar = jar;
    }

    @GetMapping(AccessRules.AGENT_JAR)
    ResponseEntity<?> download() {
        return jar.find().<ResponseEntity<?>>map(found -> ResponseEntity.ok()
                        .contentType(MediaType.parseMediaType("application/java-archive"))
                        .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + AgentJar.FILE_NAME + "\"")
                        .header("X-Checksum-SHA256", found.sha256())
                        .body((Resource) new FileSystemResource(found.path())))
                .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
                        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                        .body(ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "No agent jar",
                                jar.missing())));
    }
}
