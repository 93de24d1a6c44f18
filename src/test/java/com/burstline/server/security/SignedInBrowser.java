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
