package com.burstline.server.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a form's body (URL-encoded, or the upload page's multipart files) before anything asks for a parameter, so
 * that it is read through its deadline ({@link BodyDeadline}): the container would read it itself, with none. The
 * fields and files are then served from memory and disk ({@link ReadBodyRequest}); a file is deleted when the
 * request ends. A body that cannot be taken apart is a 400 problem, one too large a 413.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 4)
class FormBodyReader extends OncePerRequestFilter {
    private static final String URL_ENCODED = "application/x-www-form-urlencoded";

    private final long formLimit;
    private final long uploadLimit;
    private final File repository;

    FormBodyReader(BurstlineProperties properties,
                   @Value("${spring.servlet.multipart.location:}") String multipartLocation) {
        this.formLimit = properties.http().maxBodySize().toBytes();
        this.uploadLimit = Math.max(properties.maxUploadSize().toBytes(), formLimit);
        this.repository = new File(multipartLocation.isBlank() ? System.getProperty("java.io.tmpdir")
                : multipartLocation);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String type = request.getContentType() == null ? "" : request.getContentType().toLowerCase(Locale.ROOT);
        boolean form = type.startsWith(URL_ENCODED) || type.startsWith("multipart/");
        if (!form || !BodyDeadline.hasBody(request)) {
            chain.doFilter(request, response);
            return;
        }
        long allowed = RequestBodyLimit.carriesIperf3Output(request) ? uploadLimit : formLimit;
        List<Part> parts = new ArrayList<>();
        HttpServletRequest read;
        try {
            Map<String, List<String>> fields = new LinkedHashMap<>();
            byte[] body = new byte[0];
            if (type.startsWith(URL_ENCODED)) {
                body = readAtMost(request, allowed);
                fields = FormBodies.urlEncoded(body);
            } else {
                parts.addAll(FormBodies.multipart(request.getContentType(), request.getCharacterEncoding(),
                        request.getContentLengthLong(), request.getInputStream(), allowed, repository, fields));
            }
            read = new ReadBodyRequest(request, body, fields, parts);
        } catch (FormBodies.Unreadable unreadable) {
            delete(parts);
            if (unreadable.status() == 413) {
                RequestBodyLimit.tooLarge(request, response, allowed);
            } else {
                response.setHeader("Connection", "close");
                Problems.write(response, unreadable.status(), "Malformed request", unreadable.getMessage());
            }
            return;
        }
        try {
            chain.doFilter(read, response);
        } finally {
            delete(parts);
        }
    }

    private static byte[] readAtMost(HttpServletRequest request, long limit) throws IOException,
            FormBodies.Unreadable {
        byte[] bytes = request.getInputStream().readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
        if (bytes.length > limit) {
            throw new FormBodies.Unreadable(413, "This form's body is larger than the " + limit + " bytes allowed.");
        }
        return bytes;
    }

    private static void delete(List<Part> parts) throws IOException {
        for (Part part : parts) {
            part.delete();
        }
    }
}
