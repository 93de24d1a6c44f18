package com.burstline.server.job;

import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.job.planning.CoolDownRequest;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.PageDefaults;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The "New job" form and the job page's labels form alone: what the browser sends becomes the API's job request
 * (or relabel), and problems come back on the form. The job service is a mock here; the real one is behind the API
 * tests and JobDispatchIT.
 */
class JobPagesControllerTest {
    private final JobService jobs = mock(JobService.class);
    private final AgentRegistry agents = mock(AgentRegistry.class);
    private final JobRelabeller relabeller = mock(JobRelabeller.class);
    private MockMvc mvc;

    @BeforeEach
    void controller() {
        BurstlineProperties blankNote = new BurstlineProperties(null, null, null, null, null, null, " ");
        com.burstline.server.catalog.InstanceCatalog catalog = new com.burstline.server.catalog.InstanceCatalog();
        mvc = MockMvcBuilders.standaloneSetup(new JobPagesController(jobs, agents, catalog,
                        mock(com.burstline.server.run.RunQueries.class), relabeller, new JobHosts(agents, catalog,
                        mock(com.burstline.server.hostconfig.HostConfigs.class))))
                .setControllerAdvice(new PageDefaults(new StaticListableBeanFactory(
                        java.util.Map.of("properties", blankNote)).getBeanProvider(BurstlineProperties.class)))
                .build();
        when(agents.list()).thenReturn(List.of());
    }

    @Test
    void aCustomPlanFromTheFormBecomesTheJobRequestAndRedirectsToTheJob() throws Exception {
        when(jobs.create(any())).thenReturn(new JobView(7, JobStatus.QUEUED, "a", "b", null, 2, null, "stop",
                List.of(), Instant.now(), null, null, null, List.of(), List.of(new JobView.PairView("a", "b")),
                "sequential", null, 0, null, null, null, JobLabels.none()));

        mvc.perform(post("/jobs/new").param("sut", "a").param("peer", "b").param("plan", "custom")
                        .param("repeat", "2").param("tags", "nightly, arm").param("onFailure", "stop")
                        .param("durationSeconds", "")
                        .param("protocol", "TCP", "", "UDP", "")
                        .param("direction", "download", "upload", "upload", "upload")
                        .param("streams", "4", "1", "1", "1").param("scenarioSeconds", "10", "", "5", "")
                        .param("intervalSeconds", "1", "1", "0.5", "1").param("targetMbps", "", "", "100", "")
                        .param("driver", "ENA ARM64 2.2.1").param("instanceType", " "))
                .andExpect(redirectedUrl("/jobs/7"));

        ArgumentCaptor<JobRequest> request = ArgumentCaptor.forClass(JobRequest.class);
        verify(jobs).create(request.capture());
        assertThat(request.getValue().plan()).isNull();
        assertThat(request.getValue().repeat()).isEqualTo(2);
        assertThat(request.getValue().tags()).containsExactly("nightly", " arm");
        assertThat(request.getValue().labels()).isEqualTo(new JobLabels("ENA ARM64 2.2.1", null, List.of()));
        assertThat(request.getValue().scenarios()).containsExactly(
                new JobRequest.ScenarioRequest("TCP", "download", 4, 10, 1.0, null, null, null),
                new JobRequest.ScenarioRequest("UDP", "upload", 1, 5, 0.5, null, 100_000_000L, null));
    }

    @Test
    void extraPairsOrderSeedAndCoolDownFromTheFormBecomeTheJobsDesign() throws Exception {
        when(jobs.create(any())).thenReturn(new JobView(8, JobStatus.QUEUED, "a", "b", "standard", 1, null,
                "continue", List.of(), Instant.now(), null, null, null, List.of(), List.of(
                new JobView.PairView("a", "b"), new JobView.PairView("c", "d")), "randomized", 9L, 60, null, null, null,
                JobLabels.none()));

        mvc.perform(post("/jobs/new").param("sut", "a").param("peer", "b").param("plan", "standard")
                        .param("pairSut", "c", "", "").param("pairPeer", "d", "", "").param("order", "randomized")
                        .param("seed", "9").param("coolDownSeconds", "60"))
                .andExpect(redirectedUrl("/jobs/8"));

        ArgumentCaptor<JobRequest> request = ArgumentCaptor.forClass(JobRequest.class);
        verify(jobs).create(request.capture());
        assertThat(request.getValue().sut()).isNull();
        assertThat(request.getValue().pairs()).containsExactly(new JobRequest.PairRequest("a", "b"),
                new JobRequest.PairRequest("c", "d"));
        assertThat(request.getValue().order()).isEqualTo("randomized");
        assertThat(request.getValue().seed()).isEqualTo(9L);
        assertThat(request.getValue().coolDownSeconds()).isEqualTo(CoolDownRequest.ofSeconds(60));
    }

    @Test
    void theJobPagesLabelsFormRelabelsTheJobAsTheSignedInUser() throws Exception {
        mvc.perform(post("/jobs/7/labels").param("driver", "ENA ARM64 2.2.1").param("instanceType", "")
                        .param("tags", "build-b, lab").principal(() -> "alice"))
                .andExpect(redirectedUrl("/jobs/7"))
                .andExpect(flash().attribute("message", org.hamcrest.Matchers.containsString("every run")));

        verify(relabeller).relabel(7, new JobLabels("ENA ARM64 2.2.1", null, List.of("build-b", " lab")), "alice");
    }

    @Test
    void aRefusedRelabelSaysWhyOnTheJobPage() throws Exception {
        when(relabeller.relabel(any(Long.class), any(JobLabels.class), any())).thenThrow(new InvalidJobException(
                "driver must be at most 200 characters without line breaks"));

        mvc.perform(post("/jobs/7/labels").param("driver", "d".repeat(201)).principal(() -> "alice"))
                .andExpect(redirectedUrl("/jobs/7"))
                .andExpect(flash().attribute("message", "The labels were not saved: driver must be at most 200 "
                        + "characters without line breaks"));
    }

    @Test
    void aCoolDownThatIsNoNumberComesBackOnTheForm() throws Exception {
        mvc.perform(post("/jobs/new").param("sut", "a").param("peer", "b").param("plan", "standard")
                        .param("coolDownSeconds", "two minutes"))
                .andExpect(view().name("jobs/new"))
                .andExpect(model().attribute("problems",
                        List.of("Cool-down (s) must be a whole number, not 'two minutes'")));
    }

    @Test
    void problemsComeBackOnTheFormAsItWasSent() throws Exception {
        mvc.perform(post("/jobs/new").param("sut", "a").param("peer", "b").param("plan", "standard")
                        .param("repeat", "twice").param("durationSeconds", "5"))
                .andExpect(view().name("jobs/new"))
                .andExpect(model().attribute("problems", List.of("Repeats must be a whole number, not 'twice'")))
                .andExpect(model().attribute("environmentNote", (Object) null));
    }

    @Test
    void theRulesProblemsComeBackInTheFormsWordsWithTheRowsNumber() throws Exception {
        when(jobs.create(any())).thenAnswer(call -> {
            JobRules.check(call.getArgument(0), name -> true);
            throw new AssertionError("the rules accepted the request");
        });

        mvc.perform(post("/jobs/new").param("sut", "a").param("peer", "b").param("plan", "custom")
                        .param("protocol", "", "TCP").param("direction", "upload", "upload")
                        .param("streams", "1", "200").param("scenarioSeconds", "", "5")
                        .param("intervalSeconds", "1", "1").param("targetMbps", "", "")
                        .param("coolDownSeconds", "0"))
                .andExpect(view().name("jobs/new"))
                .andExpect(model().attribute("problems", List.of("Row 2: Streams must be between 1 and 128, not 200")));
    }

    @Test
    void theFormShowsTheStandardPlansScenarios() throws Exception {
        mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get("/jobs/new"))
                .andExpect(view().name("jobs/new"))
                .andExpect(model().attribute("standardRows", PlanRow.standard()));
    }
}
