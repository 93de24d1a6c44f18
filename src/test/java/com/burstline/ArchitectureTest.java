package com.burstline;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The borders the house style draws. The agent jar (src/assembly/agent.xml) packs the agent, the wire contract and
 * the native engine with Jackson's streaming core, so those may use nothing else: anything more would compile and
 * then fail on a host with a missing class (AgentJarIT checks the jar itself). javax.net.ssl is the JDK's own TLS
 * (java.base), which the agent's HTTPS API is built on. The iperf3 model is plain Java too;
 * server features do not form cycles.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.burstline");
    private static final String JAVA = "java..";
    private static final String JACKSON_CORE = "tools.jackson.core..";
    private static final String CONTRACT = "com.burstline.contract..";
    private static final String ENGINE = "com.burstline.engine..";

    @Test
    void theAgentUsesOnlyTheJdkJacksonsCoreTheContractAndTheEngine() {
        classes().that().resideInAPackage("com.burstline.agent..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, "com.sun.net.httpserver..",
                        "javax.net.ssl..", JACKSON_CORE, CONTRACT, ENGINE, "com.burstline.agent..")
                .check(MAIN);
    }

    /**
     * The JDK's Ed25519 (java.security) signs and checks the server's calls to agents on both sides; its HMAC
     * (javax.crypto) only the one v1 delivery of the server's key; its TLS (javax.net.ssl) the pinned-certificate
     * trust both sides' clients use.
     */
    @Test
    void theContractUsesNothingOfBurstline() {
        classes().that().resideInAPackage(CONTRACT)
                .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, "javax.crypto..", "javax.net.ssl..",
                        JACKSON_CORE, CONTRACT)
                .check(MAIN);
    }

    @Test
    void theEngineUsesOnlyTheJdkJacksonsCoreAndTheContract() {
        classes().that().resideInAPackage(ENGINE)
                .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, JACKSON_CORE, CONTRACT, ENGINE)
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void iperf3ModelDoesNotDependOnSpringOrTheServer() {
        noClasses().that().resideInAnyPackage("com.burstline.iperf..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "jakarta.persistence..", "jakarta.servlet..", "org.hibernate..",
                        "com.burstline.server..")
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void jobPlanningKnowsNothingOfStorageAgentsOrDispatch() {
        noClasses().that().resideInAPackage("com.burstline.server.job.planning..")
                .should().dependOnClassesThat().resideInAPackage("com.burstline.server.job")
                .check(MAIN);
    }

    /** The job's state at the bottom, what agents report above it, dispatch (which reads those reports) on top. */
    @Test
    void jobsAreLayeredStateIntakeDispatch() {
        noClasses().that().resideInAPackage("com.burstline.server.job")
                .should().dependOnClassesThat().resideInAnyPackage("com.burstline.server.job.dispatch..",
                        "com.burstline.server.job.intake..")
                .check(MAIN);
        noClasses().that().resideInAPackage("com.burstline.server.job.intake..")
                .should().dependOnClassesThat().resideInAPackage("com.burstline.server.job.dispatch..")
                .check(MAIN);
    }

    @Test
    void onlyJobsChangeAJobsState() {
        noClasses().that().resideOutsideOfPackage("com.burstline.server.job..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.JobStore")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.Dispatches")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.JobWakeups")
                .check(MAIN);
    }

    @Test
    void serverFeaturesAreFreeOfCycles() {
        slices().matching("com.burstline.server.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void jpaEntitiesStayInsideTheirFeature() {
        noClasses().that().resideOutsideOfPackage("com.burstline.server.run..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.run.Run")
                .check(MAIN);
        noClasses().that().resideOutsideOfPackage("com.burstline.server.fleet..")
                .should().dependOnClassesThat()
                .haveFullyQualifiedName("com.burstline.server.fleet.RegisteredAgent")
                .check(MAIN);
        noClasses().that().resideOutsideOfPackage("com.burstline.server.job..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.Job")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.JobScenario")
                .check(MAIN);
    }
}
