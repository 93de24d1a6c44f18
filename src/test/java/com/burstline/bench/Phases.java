package com.burstline.bench;

import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.server.run.RunImporter;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.List;

/** The three things measured, each over the same uploads on the same running server and database. */
final class Phases {
    private final int clients;
    private final Iperf3OutputParser parser = new Iperf3OutputParser();
    private final HttpUploads http;
    private final SocketUploads sockets;
    private final JdbcBaseline jdbc;
    private final JdbcWholeUpload jdbcWhole;
    private final DirectImports directImports;
    private final RowCount storedRows;

    Phases(ConfigurableApplicationContext server, String token, int clients) {
        this.clients = clients;
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        this.http = new HttpUploads(port, token);
        this.sockets = new SocketUploads(port, token);
        this.jdbc = new JdbcBaseline(server.getBean(DataSource.class));
        this.jdbcWhole = new JdbcWholeUpload(server.getBean(DataSource.class));
        this.directImports = new DirectImports(server.getBean(RunImporter.class));
        this.storedRows = new RowCount(server.getBean(JdbcTemplate.class));
    }

    /**
     * JDBC batch first (one commit per result, then K per commit, the most a group commit could share with
     * K clients, then every row of each upload, one commit each): run_interval only grows, and the service's uploads should not get the smaller table. Each
     * phase starts after a GC, so that garbage from the phase before is not collected on its clock. The socket
     * clients send {@code twins}: the same real outputs in the same order with other cookies, since the same bytes
     * again would only be answered "stored already"; the import without HTTP gets {@code directs}, a third such set.
     */
    BenchReport.Figures measure(List<Corpus.Upload> uploads, List<Corpus.Upload> twins, List<Corpus.Upload> directs)
            throws Exception {
        List<Iperf3Result> results = uploads.stream().map(upload -> parser.parse(upload.content())).toList();
        long rows = uploads.stream().mapToLong(Corpus.Upload::rows).sum();

        System.gc();
        Timing jdbcBatch = Timing.of(() -> jdbc.insert(results, clients, 1));
        System.gc();
        Timing jdbcGrouped = Timing.of(() -> jdbc.insert(results, clients, clients));
        System.gc();
        Timing jdbcWholeUpload = Timing.of(() -> jdbcWhole.insert(uploads, results, clients));

        System.gc();
        long before = storedRows.now();
        Timing endToEnd = Timing.of(() -> http.upload(uploads, clients));
        storedRows.expectAdded(before, rows);

        System.gc();
        before = storedRows.now();
        Timing sockets = Timing.of(() -> this.sockets.upload(twins, clients));
        storedRows.expectAdded(before, rows);

        System.gc();
        before = storedRows.now();
        Timing importOnly = Timing.of(() -> directImports.importAll(directs, clients));
        storedRows.expectAdded(before, rows);

        System.gc();
        Timing parseOnly = Timing.of(() -> parse(uploads));
        return new BenchReport.Figures(uploads.size(), rows, endToEnd, sockets, importOnly, parseOnly, jdbcBatch,
                jdbcGrouped, jdbcWholeUpload);
    }

    /** One parser shared by the threads, as the service shares its one parser among request threads. */
    private long parse(List<Corpus.Upload> uploads) throws Exception {
        Iperf3Result[] sink = new Iperf3Result[uploads.size()]; // kept, so the JIT cannot drop the work
        return Parallel.run(uploads.size(), clients,
                () -> item -> sink[item] = parser.parse(uploads.get(item).content()));
    }
}
