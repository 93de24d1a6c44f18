package com.burstline.server.security;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a browser does on the sign-in page: cookies, the CSRF field, the form post. Tests of any feature use it. */
public final class SignedInBrowser {
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    private final String base;

    public SignedInBrowser(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** Posts the sign-in form (a blank user name is the token form) and returns where it redirected. */
    public String signIn(String username, String password) throws IOException, InterruptedException {
        String body = "_csrf=" + encode(csrf(get("/login").body())) + "&username=" + encode(username)
                + "&password=" + encode(password);
        var response = http.send(HttpRequest.newBuilder(URI.create(base + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.headers().firstValue("Location").orElse("");
    }

    /** Posts a form the way the page it sits on would: with that page's CSRF field. */
    public HttpResponse<String> post(String formPage, String action, String fields)
            throws IOException, InterruptedException {
        String body = "_csrf=" + encode(csrf(get(formPage).body())) + (fields.isEmpty() ? "" : "&" + fields);
        return http.send(HttpRequest.newBuilder(URI.create(base + action))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An API call signed in by this session, with its CSRF token, as the pages' scripts make it. */
    HttpResponse<String> sendJson(String method, String path, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .header("X-CSRF-TOKEN", csrf(get("/login").body()))
                .method(method, HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** "name=value&…" with each value URL-encoded. */
    public static String form(String... namesAndValues) {
        StringBuilder form = new StringBuilder();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            form.append(form.isEmpty() ? "" : "&").append(namesAndValues[i]).append('=')
                    .append(encode(namesAndValues[i + 1]));
        }
        return form.toString();
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return get(path, "text/html");
    }

    HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept", accept).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String page) {
        Matcher matcher = CSRF.matcher(page);
        if (!matcher.find()) {
            throw new AssertionError("no CSRF field in the page");
        }
        return matcher.group(1);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
