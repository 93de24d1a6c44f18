package com.burstline.server.security;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * People and tokens over real HTTP: the first admin and its password file, signing in with a password or a token,
 * what a viewer and an operator see and may do, and a token's life from creation to revocation.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UserAccessTest {
    static final String BOOTSTRAP = "users-bootstrap-token-0123456789";
    static final Path dataDir = AccessFixtures.tempDir("burstline-users-");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> BOOTSTRAP);
        // the change-password tests come from several addresses: a proxy on loopback names them
        registry.add("burstline.security.trusted-proxies", () -> "127.0.0.1/32");
    }

    @LocalServerPort
    int port;

    /** H2 keeps its database file in the data dir; PostgreSQL does not. */
    boolean embeddedDatabase() {
        return true;
    }

    @Test
    void theFirstStartCreatesAdminWithAPasswordOnlyItsOwnerCanRead() throws Exception {
        Path file = dataDir.resolve("admin-password");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir))).isEqualTo("rwx------");
        if (embeddedDatabase()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                    dataDir.resolve("burstline.mv.db")))).isEqualTo("rw-------");
        }
        var browser = new SignedInBrowser(port);
        assertThat(browser.signIn("admin", "not-the-password")).contains("/login?error");
        String password = Files.readString(file).strip();
        assertThat(browser.signIn("admin", password)).doesNotContain("error");
        assertThat(browser.get("/admin/users").body()).contains("data-username=\"admin\"", "New user");

        var changed = new SignedInBrowser(port).post("/login", "/login/password", SignedInBrowser.form(
                "username", "admin", "currentPassword", password, "newPassword", "admin-password-of-my-own"));
        assertThat(changed.headers().firstValue("Location").orElse("")).endsWith("/login?password-changed");
        assertThat(browser.get("/login?password-changed").body()).contains("Your password was changed");
        assertThat(new SignedInBrowser(port).get("/login").body()).doesNotContain("Your password was changed");
        assertThat(file).as("the first password's file goes with it").doesNotExist();
        assertSignInPage(browser.get("/admin/users"));
        assertThat(browser.signIn("admin", "admin-password-of-my-own")).doesNotContain("error");
        assertThat(browser.get("/admin/users").statusCode()).isEqualTo(200);
    }

    /** The token as GET /api/v1/tokens lists it (the other tests' tokens are listed too). */
    private static tools.jackson.databind.JsonNode listed(AccessHttp http, long id) {
        for (var token : AccessHttp.JSON.readTree(http.send("GET", "/api/v1/tokens", BOOTSTRAP, null).body())) {
            if (token.get("id").longValue() == id) {
                return token;
            }
        }
        throw new AssertionError("token " + id + " is not listed");
    }

    /** What a browser whose session ended is sent to. */
    static void assertSignInPage(java.net.http.HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(302);
        assertThat(response.headers().firstValue("Location").orElse("")).endsWith("/login");
    }

    private SignedInBrowser signedIn(String username, String password) throws Exception {
        var browser = new SignedInBrowser(port);
        assertThat(browser.signIn(username, password)).doesNotContain("error");
        return browser;
    }

    private void createUser(String name, String password, String role) {
        var created = new AccessHttp(port).send("POST", "/api/v1/users", BOOTSTRAP, "{\"username\": \"" + name
                + "\", \"password\": \"" + password + "\", \"role\": \"" + role + "\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    }

    /**
     * The sign-in page's "Change your password" form from {@code address} (named by the trusted proxy): where it
     * redirected, and the error the sign-in page then shows (empty for none).
     */
    private String changePassword(String address, String username, String current, String newPassword)
            throws Exception {
        var http = java.net.http.HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build();
        String login = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base() + "/login"))
                .header("X-Forwarded-For", address).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
                .matcher(login);
        assertThat(csrf.find()).isTrue();
        var posted = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base() + "/login/password"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", address)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(SignedInBrowser.form("_csrf", csrf.group(1),
                        "username", username, "currentPassword", current, "newPassword", newPassword))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        if (posted.statusCode() != 302) {
            return posted.statusCode() + " " + posted.body();
        }
        String page = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base() + "/login"))
                .header("X-Forwarded-For", address).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher error = java.util.regex.Pattern.compile("role=\"alert\">([^<]*)<").matcher(page);
        return posted.headers().firstValue("Location").orElse("") + " " + (error.find() ? error.group(1) : "");
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * The form was a password oracle without the account lock: guesses from several addresses never locked the
     * account, and a right current password with a too-short new one answered differently from a wrong one.
     */
    @Test
    void everyPasswordCheckCountsAgainstTheAccountAndAnswersTheSameUntilThePasswordIsRight() throws Exception {
        createUser("gus", "gus-password-01", "viewer");

        String wrong = changePassword("198.51.100.1", "gus", "not-gus-password", "short");
        String right = changePassword("198.51.100.2", "gus", "gus-password-01", "short");
        assertThat(right).as("a right current password, the new one too short").isEqualTo(wrong)
                .contains("at least 12 characters");

        for (int i = 0; i < 10; i++) {
            assertThat(changePassword("198.51.100." + (10 + i % 5), "gus", "guess-" + i, "gus-password-02"))
                    .contains("That user name and current password do not match.");
        }
        assertThat(changePassword("198.51.100.99", "gus", "gus-password-01", "gus-password-02"))
                .as("the account is locked out, from any address").startsWith("429 ");
        var api = signedInFrom("198.51.100.98");
        assertThat(api).as("sign-in is locked out for the account too").startsWith("429");
    }

    private String signedInFrom(String address) throws Exception {
        var http = java.net.http.HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build();
        String login = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base() + "/login"))
                .header("X-Forwarded-For", address).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
                .matcher(login);
        assertThat(csrf.find()).isTrue();
        var posted = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base() + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", address)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(SignedInBrowser.form("_csrf", csrf.group(1),
                        "username", "gus", "password", "gus-password-01"))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return posted.statusCode() + " " + posted.headers().firstValue("Location").orElse("");
    }

    /** A token made with a user's token is that user's: it ends when the user is deleted or demoted. */
    @Test
    void aTokenMintedWithATokenEndsWithItsUser() throws Exception {
        var http = new AccessHttp(port);
        createUser("tess", "tess-password-1", "admin");
        String first = mint(signedIn("tess", "tess-password-1"), "tess-first", "admin");
        String second = http.issue(first, "tess-second", "admin");
        String third = http.issue(second, "tess-third", "operator");
        assertThat(AccessHttp.JSON.readTree(http.send("GET", "/api/v1/tokens", BOOTSTRAP, null).body()))
                .filteredOn(token -> token.get("name").stringValue().startsWith("tess-"))
                .extracting(token -> token.get("createdBy").stringValue()).containsOnly("tess");

        assertThat(http.send("PATCH", "/api/v1/users/tess", BOOTSTRAP, "{\"role\": \"operator\"}").statusCode())
                .isEqualTo(200);
        assertThat(fromElsewhere("POST", "/api/v1/users", second, "{\"username\": \"sneaky\", \"password\": "
                + "\"sneaky-password\", \"role\": \"admin\"}"))
                .as("an admin token minted by a token, its user demoted").isEqualTo(401);
        assertThat(http.send("GET", "/api/v1/jobs", third, null).statusCode()).isEqualTo(200);

        assertThat(http.send("DELETE", "/api/v1/users/tess", BOOTSTRAP, null).statusCode()).isEqualTo(204);
        assertThat(fromElsewhere("GET", "/api/v1/jobs", third, null))
                .as("a token minted by a token, its user deleted").isEqualTo(401);
    }

    /**
     * A call from an address of its own (named by the trusted proxy), whose failure locks out nothing the other
     * tests here call from: answers its status.
     */
    private int fromElsewhere(String method, String path, String token, String json) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(base() + path)).header("Authorization", "Bearer " + token)
                .header("X-Forwarded-For", "198.51.100." + (200 + Math.floorMod(path.hashCode(), 50)))
                .header("Content-Type", "application/json").method(method, json == null
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(json)).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /**
     * Two deletes of the last two admins at once leave one: the second waits for the first and then counts. Last,
     * since it deletes the other tests' admins.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void theLastAdminStaysUnderConcurrentDeletes() throws Exception {
        var http = new AccessHttp(port);
        for (int round = 0; round < 4; round++) {
            List<String> admins = new java.util.ArrayList<>();
            var users = http.send("GET", "/api/v1/users", BOOTSTRAP, null);
            assertThat(users.statusCode()).as(users.body()).isEqualTo(200);
            for (var user : AccessHttp.JSON.readTree(users.body())) {
                if (user.get("role").stringValue().equals("admin")) {
                    admins.add(user.get("username").stringValue());
                }
            }
            for (String admin : admins.subList(0, admins.size() - 1)) {
                http.send("DELETE", "/api/v1/users/" + admin, BOOTSTRAP, null);
            }
            createUser("duo-a-" + round, "duo-password-01", "admin");
            String last = admins.get(admins.size() - 1);
            var start = new java.util.concurrent.CountDownLatch(1);
            var deletes = java.util.stream.Stream.of(last, "duo-a-" + round)
                    .map(name -> java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return http.send("DELETE", "/api/v1/users/" + name, BOOTSTRAP, null).statusCode();
                    })).toList();
            start.countDown();
            List<Integer> statuses = deletes.stream().map(java.util.concurrent.CompletableFuture::join).toList();

            assertThat(statuses).as("round " + round).containsExactlyInAnyOrder(204, 409);
            createUser("duo-b-" + round, "duo-password-01", "admin");
        }
    }

    private static String mint(SignedInBrowser browser, String name, String role) throws Exception {
        var minted = browser.sendJson("POST", "/api/v1/tokens", "{\"name\": \"" + name + "\", \"role\": \"" + role
                + "\"}");
        assertThat(minted.statusCode()).as(minted.body()).isEqualTo(201);
        return AccessHttp.JSON.readTree(minted.body()).get("secret").stringValue();
    }

    @Test
    void aSessionOpenedWithATokenEndsWhenTheTokenIsRevoked() throws Exception {
        var http = new AccessHttp(port);
        String secret = http.issue(BOOTSTRAP, "session-token", "operator");
        var page = signedIn("", secret);
        var api = signedIn("", secret);
        assertThat(page.get("/jobs/new").statusCode()).isEqualTo(200);
        assertThat(api.sendJson("POST", "/api/v1/schedules", "{}").statusCode())
                .as("past security, refused for its empty body").isEqualTo(400);

        http.send("DELETE", "/api/v1/tokens/" + http.idOf(BOOTSTRAP, "session-token"), BOOTSTRAP, null);

        assertSignInPage(page.get("/jobs/new"));
        assertThat(api.sendJson("POST", "/api/v1/schedules", "{}").statusCode()).isEqualTo(401);
        assertThat(api.get("/api/v1/runs", "application/json").statusCode()).isEqualTo(401);
    }

    @Test
    void aDemotedAdminsSessionsEndAndTheAdminTokensTheyMintedAreRevoked() throws Exception {
        var http = new AccessHttp(port);
        createUser("dora", "dora-password-1", "admin");
        var page = signedIn("dora", "dora-password-1");
        var api = signedIn("dora", "dora-password-1");
        String adminToken = mint(api, "dora-admin", "admin");
        String viewerToken = mint(api, "dora-viewer", "viewer");
        assertThat(page.get("/admin/users").statusCode()).isEqualTo(200);
        assertThat(http.send("GET", "/api/v1/users", adminToken, null).statusCode()).isEqualTo(200);

        assertThat(http.send("PATCH", "/api/v1/users/dora", BOOTSTRAP, "{\"role\": \"viewer\"}").statusCode())
                .isEqualTo(200);

        assertSignInPage(page.get("/admin/users"));
        assertThat(api.get("/api/v1/users", "application/json").statusCode()).isEqualTo(401);
        assertThat(http.send("GET", "/api/v1/users", adminToken, null).statusCode())
                .as("a token never outranks the user who minted it").isEqualTo(401);
        assertThat(http.send("GET", "/api/v1/runs", viewerToken, null).statusCode()).isEqualTo(200);
        assertThat(signedIn("dora", "dora-password-1").get("/admin/users").statusCode()).isEqualTo(403);
    }

    @Test
    void aPasswordChangedByAnAdminOrItsOwnerEndsTheUsersSessions() throws Exception {
        var http = new AccessHttp(port);
        createUser("pia", "pia-password-01", "viewer");
        var page = signedIn("pia", "pia-password-01");
        var api = signedIn("pia", "pia-password-01");
        assertThat(http.send("PATCH", "/api/v1/users/pia", BOOTSTRAP, "{\"password\": \"pia-password-02\"}")
                .statusCode()).isEqualTo(200);
        assertSignInPage(page.get("/runs"));
        assertThat(api.get("/api/v1/runs", "application/json").statusCode()).isEqualTo(401);

        var own = signedIn("pia", "pia-password-02");
        var wrong = own.post("/login", "/login/password", SignedInBrowser.form("username", "pia",
                "currentPassword", "not-pias-password", "newPassword", "pia-password-03"));
        assertThat(wrong.headers().firstValue("Location").orElse("")).endsWith("/login#change-password");
        assertThat(own.get("/login").body()).contains("That user name and current password do not match.");
        assertThat(own.get("/runs").statusCode()).as("nothing changed").isEqualTo(200);
        assertThat(own.post("/login", "/login/password", SignedInBrowser.form("username", "pia", "currentPassword",
                "pia-password-02", "newPassword", "pia-password-03")).headers().firstValue("Location").orElse(""))
                .endsWith("/login?password-changed");
        assertSignInPage(own.get("/runs"));
        assertThat(new SignedInBrowser(port).signIn("pia", "pia-password-02")).contains("/login?error");

        var byApi = signedIn("pia", "pia-password-03");
        assertThat(byApi.sendJson("POST", "/api/v1/me/password", "{\"currentPassword\": \"pia-password-03\", "
                + "\"newPassword\": \"pia-password-04\"}").statusCode()).isEqualTo(204);
        assertThat(byApi.get("/api/v1/runs", "application/json").statusCode()).isEqualTo(401);
        signedIn("pia", "pia-password-04");
        assertThat(http.send("POST", "/api/v1/me/password", BOOTSTRAP, "{\"currentPassword\": \"x\", "
                + "\"newPassword\": \"pia-password-05\"}").body()).contains("API token, which has no password");
    }

    @Test
    void deletingAUserEndsTheirSessionsAndRevokesTheTokensTheyMinted() throws Exception {
        var http = new AccessHttp(port);
        createUser("dirk", "dirk-password-1", "admin");
        var page = signedIn("dirk", "dirk-password-1");
        String token = mint(page, "dirk-nightly", "operator");
        assertThat(http.send("GET", "/api/v1/jobs", token, null).statusCode()).isEqualTo(200);

        assertThat(http.send("DELETE", "/api/v1/users/dirk", BOOTSTRAP, null).statusCode()).isEqualTo(204);

        assertSignInPage(page.get("/admin/users"));
        assertThat(http.send("GET", "/api/v1/jobs", token, null).body()).contains("This token was revoked.");
    }

    @Test
    void aViewerReadsButSeesNoWritesAndIsRefusedThem() throws Exception {
        var http = new AccessHttp(port);
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"vera\", \"password\": \"vera-password-1\", \"role\": \"viewer\"}").statusCode())
                .isEqualTo(201);
        var viewer = new SignedInBrowser(port);
        assertThat(viewer.signIn("vera", "vera-password-1")).doesNotContain("error");
        String jobs = viewer.get("/jobs").body();
        assertThat(jobs).contains("<h1>Jobs</h1>").doesNotContain("New job", "href=\"/upload\"", "Admin");
        assertThat(viewer.get("/jobs/new").statusCode()).isEqualTo(403);
        assertThat(viewer.get("/admin/users").statusCode()).isEqualTo(403);
        assertThat(viewer.get("/api/v1/runs", "application/json").statusCode()).as("the pages' scripts read with the session")
                .isEqualTo(200);

        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"otto\", \"password\": \"otto-password-1\", \"role\": \"operator\"}").statusCode())
                .isEqualTo(201);
        var operator = new SignedInBrowser(port);
        assertThat(operator.signIn("otto", "otto-password-1")).doesNotContain("error");
        assertThat(operator.get("/jobs").body()).contains("New job", "href=\"/upload\"").doesNotContain("Admin");
        assertThat(operator.get("/jobs/new").statusCode()).isEqualTo(200);
    }

    @Test
    void usersAreCheckedAndTheLastAdminStays() throws Exception {
        var http = new AccessHttp(port);
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"short\", \"password\": \"abc\", \"role\": \"viewer\"}").body())
                .contains("at least 12 characters");
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"rolf\", \"password\": \"rolf-password-1\", \"role\": \"root\"}").body())
                .contains("role must be one of viewer, operator, admin");
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"admin\", \"password\": \"other-password-1\", \"role\": \"viewer\"}").statusCode())
                .isEqualTo(409);
        var unreadable = http.send("POST", "/api/v1/tokens", BOOTSTRAP, "{\"name\": \"soon\", \"role\": "
                + "\"viewer\", \"expiresAt\": \"soon\"}");
        assertThat(unreadable.statusCode()).isEqualTo(400);
        assertThat(AccessHttp.JSON.readTree(unreadable.body()).get("field").stringValue()).isEqualTo("expiresAt");
        String tooLong = "x".repeat(80);
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP, "{\"username\": \"long\", \"password\": \""
                + tooLong + "\", \"role\": \"viewer\"}").body()).contains("at most 72 bytes");
        assertThat(http.send("PATCH", "/api/v1/users/admin", BOOTSTRAP, "{\"password\": \"" + tooLong + "\"}")
                .statusCode()).isEqualTo(400);
        assertThat(new SignedInBrowser(port).signIn("admin", tooLong)).contains("/login?error");
        assertThat(http.send("DELETE", "/api/v1/users/admin", BOOTSTRAP, null).body()).contains("last admin");
        assertThat(http.send("PATCH", "/api/v1/users/admin", BOOTSTRAP, "{\"role\": \"viewer\"}").statusCode())
                .isEqualTo(409);
        String users = http.send("GET", "/api/v1/users", BOOTSTRAP, null).body();
        assertThat(users).contains("\"username\":\"admin\"").doesNotContain("password");
    }

    @Test
    void deletingAUserAndRevokingATokenAskFirstAndNameWhatIsLost() throws Exception {
        var http = new AccessHttp(port);
        assertThat(http.send("POST", "/api/v1/users", BOOTSTRAP,
                "{\"username\": \"ana\", \"password\": \"ana-password-12\", \"role\": \"viewer\"}").statusCode())
                .isEqualTo(201);
        String wall = http.issue(BOOTSTRAP, "wall", "viewer");
        assertThat(http.send("GET", "/api/v1/runs", wall, null).statusCode()).as("used, as the other tests expect")
                .isEqualTo(200);
        long token = http.idOf(BOOTSTRAP, "wall");
        var admin = new SignedInBrowser(port);
        assertThat(admin.signIn("", BOOTSTRAP)).doesNotContain("error");

        String users = admin.get("/admin/users").body().replaceAll("\\s+", " ");
        assertThat(users).as("the form that deletes sits inside the step that asks")
                .containsPattern("<details class=\"confirm\" id=\"delete-ana\"> <summary aria-label=\"Delete user &#39;ana&#39;…\">Delete…</summary> "
                        + "<form method=\"post\" action=\"/admin/users/ana/delete\">")
                .contains("Delete user &#39;ana&#39;? They can no longer sign in");
        String tokens = admin.get("/admin/tokens").body().replaceAll("\\s+", " ");
        assertThat(tokens).containsPattern("<details class=\"confirm\" id=\"revoke-" + token + "\"> "
                        + "<summary aria-label=\"Revoke token &#39;wall&#39;…\">Revoke…</summary> <form method=\"post\" action=\"/admin/tokens/" + token + "/revoke\">")
                .contains("Revoke token &#39;wall&#39;? Every program that sends it is refused from now on")
                .as("times are <time> elements, which the layout's script shows as every time on the dashboard")
                .containsPattern("<td data-label=\"Created\"><time datetime=\"\\d{4}-\\d\\d-\\d\\dT[^\"]+Z\">");
    }

    @Test
    void aTokenIsShownOnceListedWithItsLastUseAndRefusedOnceRevoked() throws Exception {
        var http = new AccessHttp(port);
        var created = http.send("POST", "/api/v1/tokens", BOOTSTRAP,
                "{\"name\": \"nightly\", \"role\": \"operator\", \"expiresAt\": \"2099-01-01T00:00:00Z\"}");
        assertThat(created.statusCode()).isEqualTo(201);
        String secret = AccessHttp.JSON.readTree(created.body()).get("secret").stringValue();
        long id = http.idOf(BOOTSTRAP, "nightly");
        assertThat(http.send("GET", "/api/v1/tokens", BOOTSTRAP, null).body()).doesNotContain(secret);
        assertThat(listed(http, id).get("lastUsedAt").isNull()).isTrue();

        assertThat(http.send("GET", "/api/v1/jobs", secret, null).statusCode()).isEqualTo(200);
        assertThat(listed(http, id).get("lastUsedAt").isNull()).as("its last use, listed").isFalse();
        var browser = new SignedInBrowser(port);
        assertThat(browser.signIn("", secret)).as("the sign-in page's token form").doesNotContain("error");
        assertThat(browser.get("/jobs/new").statusCode()).isEqualTo(200);

        assertThat(http.send("DELETE", "/api/v1/tokens/" + id, BOOTSTRAP, null).body())
                .contains("\"status\":\"revoked\"");
        assertThat(http.send("GET", "/api/v1/jobs", secret, null).statusCode()).isEqualTo(401);
        assertThat(new SignedInBrowser(port).signIn("", secret)).contains("/login?error");
        assertThat(http.send("POST", "/api/v1/tokens", BOOTSTRAP,
                "{\"name\": \"old\", \"role\": \"viewer\", \"expiresAt\": \"2020-01-01T00:00:00Z\"}").body())
                .contains("expiresAt must be in the future");
    }
}
