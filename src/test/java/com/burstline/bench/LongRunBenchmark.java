package com.burstline.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Long runs (issue #23, goal 3, and issue #33): a real 240 s iperf3 run at 0.1 s intervals with 8 streams (21,573
 * interval rows) beside a real 30 s run with the same options, both kept gzipped in
 * {@code src/test/resources/long-runs}: the upload's time per interval row (goal: the long one ≤ 1.5× the short
 * one's). Then, in one run and taken in turn, the run page of a real 5 s run (450 rows), of the 240 s run and of an
 * hour-long one (324,000 rows, made by concatenating the 240 s run's real intervals: {@link HourLongRun}): its chart
 * data, its findings and the whole page with every fetch its scripts make, each ÷ the 5 s run's (goal for the hour:
 * page and findings ≤ 2×). A measurement, not a check. Run by {@code scripts/bench-team.sh long}.
 */
public final class LongRunBenchmark {
    static final String USAGE = """
            usage: scripts/bench-team.sh long [--rounds=R] [--warmup=W] [--page-repeats=P]
              --rounds        uploads of each run, taken in turn, measured   (default 7)
              --warmup        uploads of each before measuring               (default 3)
              --page-repeats  loads of each run's page, taken in turn         (default 15)
              --hour          also the hour-long run (324,000 rows)           (default true)""";
    static final String LONG = "long-runs/iperf3-312-tcp-8x10m-240s-0.1s-loopback.json.gz";
    static final String SHORT = "long-runs/iperf3-312-tcp-8x10m-30s-0.1s-loopback.json.gz";
    private static final int MAX_POINTS = 2000;
    /** What run-page.js asks for each stream's own line. */
    private static final int STREAM_POINTS = 500;
    /** What the run page fetches (run-page.js, run-details.js, findings-list.js) beside its own HTML. */
    private static final List<String> PAGE = List.of("/runs/%d", "/api/v1/runs/%d",
            "/api/v1/runs/%d/intervals?maxPoints=" + STREAM_POINTS, "/api/v1/runs/%d/intervals?stream=sum&maxPoints="
                    + MAX_POINTS, "/api/v1/runs/%d/intervals?side=sender&stream=sum&maxPoints=" + MAX_POINTS,
            "/api/v1/runs/%d/findings",
            "/api/v1/runs/%d/environment");

    private LongRunBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (!BenchSupport.onlyOptions(args, List.of("rounds", "warmup", "page-repeats", "hour"))) {
            System.err.println(USAGE);
            System.exit(1);
        }
        Corpus longRun = Corpus.ofOutput(LONG, gunzip(LONG));
        Corpus shortRun = Corpus.ofOutput(SHORT, gunzip(SHORT));
        System.out.println("Burstline long runs, " + LocalDate.now());
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %.2f, %s %s; server in this JVM, durable H2"
                + "%n", Runtime.getRuntime().availableProcessors(), BenchSupport.loadAverage(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"));
        AgentBenchmark.withServer(List.of("--burstline.max-upload-size=128MB"),
                (api, agentToken, workDir) -> measure(args, api, longRun, shortRun));
        System.exit(0);
    }

    private static void measure(String[] args, ServerApi api, Corpus longRun, Corpus shortRun) throws Exception {
        int rounds = BenchSupport.intOption(args, "rounds", 7);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int i = 0; i < BenchSupport.intOption(args, "warmup", 3); i++) {
            upload(http, api, shortRun.next(1).get(0));
            upload(http, api, longRun.next(1).get(0));
        }
        List<Double> shortPerRow = new ArrayList<>();
        List<Double> longPerRow = new ArrayList<>();
        Uploaded lastShort = null;
        Uploaded lastLong = null;
        for (int round = 0; round < rounds; round++) {
            lastShort = upload(http, api, shortRun.next(1).get(0));
            lastLong = upload(http, api, longRun.next(1).get(0));
            shortPerRow.add(lastShort.nanos() / 1e3 / lastShort.rows());
            longPerRow.add(lastLong.nanos() / 1e3 / lastLong.rows());
        }
        double importRatio = Stats.median(longPerRow) / Stats.median(shortPerRow);
        System.out.printf(Locale.ROOT, "%nImport (POST /api/v1/runs, one client, %d rounds in turn; %d and %d rows, "
                + "%.1f and %.1f MB):%n  30 s run: median %.1f us/row (%.0f ms); 240 s run: median %.1f us/row "
                + "(%.0f ms)%n  per-row cost, 240 s / 30 s = %.2fx (goal <= 1.5x: %s); load average %.2f%n", rounds,
                lastShort.rows(), lastLong.rows(), lastShort.bytes() / 1e6, lastLong.bytes() / 1e6,
                Stats.median(shortPerRow), Stats.median(shortPerRow) * lastShort.rows() / 1e3,
                Stats.median(longPerRow), Stats.median(longPerRow) * lastLong.rows() / 1e3, importRatio,
                importRatio <= 1.5 ? "reached" : "NOT reached", BenchSupport.loadAverage());
        pages(api, lastShort, lastLong, BenchSupport.intOption(args, "page-repeats", 15));
        HttpClient http1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Uploaded> runs = new ArrayList<>();
        runs.add(upload(http1, api, Corpus.ofOutput(HourLongRun.FIVE_SECONDS, HourLongRun.resource(
                HourLongRun.FIVE_SECONDS)).next(1).get(0)));
        runs.add(lastLong);
        if (!"false".equals(BenchSupport.stringOption(args, "hour", "true"))) {
            long made = System.nanoTime();
            byte[] hour = HourLongRun.json();
            System.out.printf(Locale.ROOT, "%nThe hour-long run: %d rows made from the 240 s run's real intervals in "
                    + "%.1f s (%.1f MB)%n", HourLongRun.ROWS, (System.nanoTime() - made) / 1e9, hour.length / 1e6);
            runs.add(upload(http1, api, new Corpus.Upload("hour-long (concatenated real intervals)",
                    "application/json", hour, HourLongRun.ROWS)));
            System.out.printf(Locale.ROOT, "  imported in %.1f s (%.1f us/row)%n", runs.get(2).nanos() / 1e9,
                    runs.get(2).nanos() / 1e3 / HourLongRun.ROWS);
        }
        againstFiveSeconds(api, runs, BenchSupport.intOption(args, "page-repeats", 15));
    }

    /**
     * Issue #33: each run's chart data, findings and whole page ÷ the 5 s run's, loaded in turn, medians of the
     * repeats (the first two loads of each warm it up).
     */
    private static void againstFiveSeconds(ServerApi api, List<Uploaded> runs, int repeats) throws Exception {
        System.out.printf(Locale.ROOT, "%nAgainst a real 5 s run (same options), %d loads of each page in turn; load "
                + "average %.2f:%n", repeats, BenchSupport.loadAverage());
        List<List<List<Double>>> times = new ArrayList<>();
        runs.forEach(run -> times.add(times(PAGE.size())));
        for (int i = 0; i < repeats + 2; i++) {
            for (int r = 0; r < runs.size(); r++) {
                loadPage(api, runs.get(r).id(), i < 2 ? times(PAGE.size()) : times.get(r));
            }
        }
        int chart = PAGE.indexOf("/api/v1/runs/%d/intervals?maxPoints=" + STREAM_POINTS);
        int findings = PAGE.indexOf("/api/v1/runs/%d/findings");
        double[] base = figures(times.get(0), chart, findings);
        String[] names = {"5 s", "240 s", "1 hour"};
        for (int r = 0; r < runs.size(); r++) {
            double[] f = figures(times.get(r), chart, findings);
            System.out.printf(Locale.ROOT, "  %-6s (%,7d rows): chart data %6.1f ms (%.2fx), findings %6.1f ms "
                            + "(%.2fx), page with every fetch %6.1f ms (%.2fx)%n", names[r], runs.get(r).rows(), f[0],
                    f[0] / base[0], f[1], f[1] / base[1], f[2], f[2] / base[2]);
        }
        System.out.printf(Locale.ROOT, "  goal for the hour: page and findings <= 2x the 5 s run's; load average "
                + "%.2f%n", BenchSupport.loadAverage());
    }

    /** Chart data (the page's three intervals fetches), findings, the whole page: medians in ms. */
    private static double[] figures(List<List<Double>> times, int chart, int findings) {
        double page = 0;
        for (List<Double> part : times) {
            page += Stats.median(part);
        }
        return new double[] {Stats.median(times.get(chart)) + Stats.median(times.get(chart + 1))
                + Stats.median(times.get(chart + 2)), Stats.median(times.get(findings)), page};
    }

    /** Each run's page and its fetches, in turn; the analysis is its findings fetch, taken per row. */
    private static void pages(ServerApi api, Uploaded shortRun, Uploaded longRun, int repeats) throws Exception {
        System.out.printf(Locale.ROOT, "%nRun page (HTML and every fetch of its scripts, one after the other; a "
                + "browser overlaps them), %d loads of each in turn:%n", repeats);
        for (Uploaded run : List.of(shortRun, longRun)) {
            System.out.printf(Locale.ROOT, "  run %d (%d rows): the page's intervals fetches answer %d rows "
                    + "(streams), %d (sums) and %d (sender's sums), without maxPoints %d%n", run.id(), run.rows(),
                    api.get(String.format(Locale.ROOT, PAGE.get(2), run.id())).size(),
                    api.get(String.format(Locale.ROOT, PAGE.get(3), run.id())).size(),
                    api.get(String.format(Locale.ROOT, PAGE.get(4), run.id())).size(),
                    api.get("/api/v1/runs/" + run.id() + "/intervals").size());
        }
        List<List<Double>> shortTimes = times(PAGE.size());
        List<List<Double>> longTimes = times(PAGE.size());
        for (int i = 0; i < repeats + 2; i++) { // the first two loads of each warm the page up
            loadPage(api, shortRun.id(), i < 2 ? times(PAGE.size()) : shortTimes);
            loadPage(api, longRun.id(), i < 2 ? times(PAGE.size()) : longTimes);
        }
        double shortTotal = 0;
        double longTotal = 0;
        for (int part = 0; part < PAGE.size(); part++) {
            double s = Stats.median(shortTimes.get(part));
            double l = Stats.median(longTimes.get(part));
            shortTotal += s;
            longTotal += l;
            System.out.printf(Locale.ROOT, "  %-48s 30 s run %7.1f ms, 240 s run %7.1f ms (%.2fx)%n",
                    PAGE.get(part).replace("%d", "{id}"), s, l, l / s);
        }
        System.out.printf(Locale.ROOT, "  page with its chart data, sum of medians: 30 s run %.1f ms, 240 s run %.1f "
                + "ms = %.2fx (goal <= 3x: %s)%n", shortTotal, longTotal, longTotal / shortTotal,
                longTotal / shortTotal <= 3 ? "reached" : "NOT reached");
        int findings = PAGE.indexOf("/api/v1/runs/%d/findings");
        double perRow = (Stats.median(longTimes.get(findings)) / longRun.rows())
                / (Stats.median(shortTimes.get(findings)) / shortRun.rows());
        System.out.printf(Locale.ROOT, "  analysis (findings, computed per request) per row: 240 s / 30 s = %.2fx "
                + "(linear: about 1x or less); load average %.2f%n", perRow, BenchSupport.loadAverage());
    }

    private static void loadPage(ServerApi api, long id, List<List<Double>> into) throws Exception {
        for (int part = 0; part < PAGE.size(); part++) {
            into.get(part).add(api.timedGet(String.format(Locale.ROOT, PAGE.get(part), id)) / 1e6);
        }
    }

    private static List<List<Double>> times(int parts) {
        List<List<Double>> times = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            times.add(new ArrayList<>());
        }
        return times;
    }

    private record Uploaded(long id, long nanos, int rows, int bytes) {
    }

    private static Uploaded upload(HttpClient http, ServerApi api, Corpus.Upload upload)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(api.base() + "/api/v1/runs" + HttpUploads.QUERY))
                .header("Authorization", api.authorization()).header("Content-Type", upload.mediaType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(upload.content())).build();
        long sent = System.nanoTime();
        HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
        long nanos = System.nanoTime() - sent;
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("upload of " + upload.sample() + " answered " + answer.statusCode()
                    + ": " + answer.body());
        }
        long id = Long.parseLong(answer.body().replaceAll("(?s).*?\"id\"\\s*:\\s*(\\d+).*", "$1"));
        return new Uploaded(id, nanos, upload.rows(), upload.content().length);
    }

    private static byte[] gunzip(String resource) throws IOException {
        try (InputStream in = LongRunBenchmark.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            try (GZIPInputStream gz = new GZIPInputStream(in)) {
                return gz.readAllBytes();
            }
        }
    }
}
