package com.burstline.server.system;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A form's body read up front, within its deadline ({@link BodyDeadline}), and served from here: its fields as
 * parameters after the query string's, its files as parts. The container would otherwise read a form's body itself,
 * when someone first asks for a parameter, with no deadline of ours.
 */
final class ReadBodyRequest extends BufferedBodyRequest {
    private final Map<String, String[]> parameters;
    private final List<Part> parts;

    /**
     * @param fields the body's fields, in order
     * @param parts  the body's parts (a multipart form); empty for a URL-encoded one
     */
    ReadBodyRequest(HttpServletRequest request, byte[] body, Map<String, List<String>> fields, List<Part> parts) {
        super(request, body);
        this.parts = List.copyOf(parts);
        Map<String, List<String>> merged = new LinkedHashMap<>();
        // the query's own parameters: the container parses only the query once the body has been read
        request.getParameterMap().forEach((name, values) -> merged.computeIfAbsent(name, n -> new ArrayList<>())
                .addAll(List.of(values)));
        fields.forEach((name, values) -> merged.computeIfAbsent(name, n -> new ArrayList<>()).addAll(values));
        Map<String, String[]> frozen = new LinkedHashMap<>();
        merged.forEach((name, values) -> frozen.put(name, values.toArray(String[]::new)));
        this.parameters = Collections.unmodifiableMap(frozen);
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters.get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters;
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters.keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters.get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Collection<Part> getParts() {
        return parts;
    }

    @Override
    public Part getPart(String name) {
        return parts.stream().filter(part -> part.getName().equals(name)).findFirst().orElse(null);
    }

    @Override
    public BufferedReader getReader() {
        String encoding = getCharacterEncoding();
        return new BufferedReader(new InputStreamReader(getInputStream(), encoding == null ? StandardCharsets.UTF_8
                : java.nio.charset.Charset.forName(encoding)));
    }
}
