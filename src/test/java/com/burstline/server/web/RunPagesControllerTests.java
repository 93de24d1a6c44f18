package com.burstline.server.web;

import com.burstline.contract.Direction;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunNotFoundException;
import com.burstline.server.run.RunPage;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;
import com.burstline.server.run.RunsRelabelled;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willThrow;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The pages' HTML and status codes; security is the browser test's business, so filters are off here. */
@WebMvcTest(RunPagesController.class)
// The request filters every slice carries (per-client limits, body limits) read the service's settings.
@org.springframework.boot.context.properties.EnableConfigurationProperties(
        com.burstline.server.system.BurstlineProperties.class)
@AutoConfigureMockMvc(addFilters = false)
class RunPagesControllerTests {
    private static final RunSummary RUN = TestRuns.of("iperf3-312-tcp-4-upload.json").id(7)
            .labels("sut-a", "peer-b", "t4g.large", "<script>alert(1)</script>", List.of("nightly"))
            .times(Instant.parse("2026-11-30T09:17:55Z"), Instant.parse("2026-11-30T10:00:00Z"))
            .rates(4.8e9, 4.777e9).retransmits(0L).cpu(12.4, 34.0).limits(5e9, 5.12e8).intervals(5).build();

    @Autowired
    MockMvc mvc;

    @MockitoBean
    RunQueries queries;
    @MockitoBean
    com.burstline.server.run.RunLabelEditor labels;
    @MockitoBean
    com.burstline.server.fleet.AgentRegistry agents;
    // The storage error advice is part of every web slice; it reports failed writes to the storage health.
    @MockitoBean
    com.burstline.server.storage.StorageHealth storage;

    @Test
    void rootRedirectsToTheRuns() throws Exception {
        mvc.perform(get("/")).andExpect(redirectedUrl("/runs"));
    }

    @Test
    void listsRunsWithExactFiguresAndEscapedText() throws Exception {
        given(queries.list(eq(RunFilter.none()), eq(0), eq(20))).willReturn(
                new RunPage(List.of(RUN), new RunPage.PageInfo(20, 0, 1, 1)));
        mvc.perform(get("/runs"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("value=\"4.777E9\"")))
                .andExpect(content().string(containsString("&lt;script&gt;alert(1)&lt;/script&gt;")))
                .andExpect(content().string(not(containsString("<script>alert(1)"))));
    }

    @Test
    void anInvalidFilterIsAMessageOnTheListPage() throws Exception {
        mvc.perform(get("/runs").param("protocol", "XYZ"))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("protocol must be TCP or UDP, not &#39;XYZ&#39;")));
    }

    @Test
    void pagingLinksKeepTheFilter() throws Exception {
        given(queries.list(any(), eq(1), anyInt())).willReturn(
                new RunPage(List.of(RUN), new RunPage.PageInfo(5, 1, 20, 4)));
        // A URI, not a template: the query string must reach the controller encoded exactly as a browser sends it.
        mvc.perform(get(URI.create("/runs?sut=a%20b&size=5&page=1")))
                .andExpect(content().string(containsString("href=\"/runs?sut=a%20b&amp;size=5&amp;page=0\"")))
                .andExpect(content().string(containsString("href=\"/runs?sut=a%20b&amp;size=5&amp;page=2\"")));
    }

    @Test
    void anUnknownRunIsAFriendly404() throws Exception {
        given(queries.get(99)).willThrow(new RunNotFoundException(99));
        mvc.perform(get("/runs/99"))
                .andExpect(status().isNotFound())
                .andExpect(content().string(containsString("There is no run with id 99")));
    }

    @Test
    void theRunPageCarriesTheIdForItsScript() throws Exception {
        given(queries.get(7)).willReturn(RUN);
        mvc.perform(get("/runs/7"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("data-run-id=\"7\"")))
                .andExpect(content().string(containsString("/js/run-page.js")));
    }

    @Test
    void theRunPagesToolRowNamesThePeersToolOrSaysItWasNotRecorded() throws Exception {
        RunSummary engineAgainstIperf3 = TestRuns.of("iperf3-322-tcp-1-download-loopback.json").id(8)
                .labels("tool-a", "tool-b", null, null, List.of()).tool("burstline-java", "0.1.0")
                .peerTool("iperf3", "3.12").format("json-stream").times(RUN.startedAt(), RUN.uploadedAt())
                .scenario(Direction.DOWNLOAD, 1, 4, 1).target(null).rates(9.4e8, 9.4e8).retransmits(null)
                .cpu(20.0, 30.0).intervals(8).job(3L).build();
        given(queries.get(7)).willReturn(RUN);
        given(queries.get(8)).willReturn(engineAgainstIperf3);

        mvc.perform(get("/runs/8"))
                .andExpect(content().string(containsString("burstline-java 0.1.0 (json-stream)")))
                .andExpect(content().string(containsString("peer: iperf3 3.12")))
                .andExpect(content().string(not(containsString("not recorded"))));
        mvc.perform(get("/runs/7"))
                .andExpect(content().string(containsString("tool was not recorded")));
    }

    /** A 3.9 server's output of a UDP upload: it holds neither rate (docs/iperf3-shapes.md). */
    @Test
    void theRunPageSaysARateTheOutputDoesNotHoldIsUnknownAndWhichEndWroteIt() throws Exception {
        RunSummary server = TestRuns.of("iperf3-39-udp-100m-upload-server-side-loopback.json").id(9)
                .labels("sut-a", "peer-b", null, null, List.of()).times(RUN.startedAt(), RUN.uploadedAt())
                .target(null).rates(null, null).loss(0.0087, 1.83).cpu(0.55, null).intervals(6).build();
        given(queries.get(9)).willReturn(server);

        mvc.perform(get("/runs/9"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("the server (iperf3 -s)")))
                .andExpect(content().string(containsString("unknown: iperf3's output does not")))
                .andExpect(content().string(not(containsString("null bit/s"))));
        given(queries.list(eq(RunFilter.none()), eq(0), eq(20))).willReturn(
                new RunPage(List.of(server), new RunPage.PageInfo(20, 0, 1, 1)));
        mvc.perform(get("/runs"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<span>unknown</span>")));
    }

    @Test
    void aUdpRowShowsWhatWasSentAndItsShareOfTheTargetNotOfTheBurstLimit() throws Exception {
        RunSummary udp = TestRuns.of("iperf3-312-udp-1g-upload.json").id(10)
                .labels("sut-a", "peer-b", "t4g.large", null, List.of()).times(RUN.startedAt(), RUN.uploadedAt())
                .rates(3.36e8, 3.3e8).loss(0.05, 1.2).cpu(10.0, 20.0).limits(5e9, 5.12e8).intervals(5).build();
        given(queries.list(eq(RunFilter.none()), eq(0), eq(20))).willReturn(
                new RunPage(List.of(udp, RUN), new RunPage.PageInfo(20, 0, 2, 1)));

        mvc.perform(get("/runs"))
                .andExpect(content().string(containsString("data-label=\"Sent % of target\"")))
                .andExpect(content().string(containsString("value=\"" + udp.measurement().sentShareOfTarget() + "\"")))
                .andExpect(content().string(containsString("of target")))
                .andExpect(content().string(containsString("value=\"3.36E8\"")))
                .andExpect(content().string(not(containsString("value=\"6.6\""))))
                .andExpect(content().string(containsString("value=\"95.54\"")));
    }

    @Test
    void oneJobsRunsAreComparedUploadAgainstDownloadOtherListsByDriver() throws Exception {
        given(queries.list(any(), eq(0), eq(20))).willReturn(new RunPage(List.of(RUN),
                new RunPage.PageInfo(20, 0, 1, 1)));
        mvc.perform(get("/runs").param("job", "3").param("protocol", "TCP"))
                .andExpect(content().string(containsString(
                        "id=\"compare-these-runs\" href=\"/compare?protocol=TCP&amp;job=3&amp;groupBy=direction\"")));
        mvc.perform(get("/runs").param("driver", "ena"))
                .andExpect(content().string(containsString(
                        "id=\"compare-these-runs\" href=\"/compare?driver=ena\"")));
    }

    @Test
    void relabellingAFilteredListSaysHowManyRunsChangedOnTheSameList() throws Exception {
        given(labels.relabelShown(eq(new RunFilter(null, null, null, null, null, null, "x")), eq(12L), any(),
                eq("alice"))).willReturn(new RunsRelabelled(12, 10));
        mvc.perform(post(URI.create("/runs/labels?tag=x")).param("newDriver", "ENA 2.2.1").param("shown", "12")
                        .principal(() -> "alice"))
                .andExpect(redirectedUrl("/runs?tag=x"))
                .andExpect(flash().attribute("message",
                        "10 runs relabelled; 2 runs had these labels already. Each changed run's label history "
                                + "lists the change."));
    }

    @Test
    void relabellingNeedsAFilterAndAValueAndSaysSoInWords() throws Exception {
        mvc.perform(post("/runs/labels").param("newDriver", "x").param("shown", "3").principal(() -> "alice"))
                .andExpect(redirectedUrl("/runs"))
                .andExpect(flash().attribute("relabelProblem", containsString("Filter the list first")));
        mvc.perform(post(URI.create("/runs/labels?tag=x")).param("newDriver", " ").param("shown", "3")
                        .principal(() -> "alice"))
                .andExpect(redirectedUrl("/runs?tag=x"))
                .andExpect(flash().attribute("relabelProblem", containsString("empty fields change nothing")));
        then(labels).shouldHaveNoInteractions();
    }

    @Test
    void deletingRedirectsWithAMessage() throws Exception {
        mvc.perform(post("/runs/7/delete"))
                .andExpect(redirectedUrl("/runs"))
                .andExpect(flash().attribute("message", containsString("Run 7 was deleted")));
    }

    @Test
    void deletingAnUnknownRunIsA404() throws Exception {
        willThrow(new RunNotFoundException(8)).given(queries).delete(8);
        mvc.perform(post("/runs/8/delete")).andExpect(status().isNotFound());
    }

    @Test
    void aBadPageSizeIsA400Message() throws Exception {
        given(queries.list(any(), anyInt(), eq(9999)))
                .willThrow(new InvalidRunInputException("size must be between 1 and 500, not 9999"));
        mvc.perform(get("/runs").param("size", "9999"))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("size must be between 1 and 500, not 9999")));
    }
}
