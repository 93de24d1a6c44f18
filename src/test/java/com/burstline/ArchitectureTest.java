package com.burstline;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The borders the house style draws: the iperf3 model, the agent and the engine are plain Java; features do not form
 * cycles.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.burstline");

    @Test
    void iperf3ModelAndAgentDoNotDependOnSpringOrTheServer() {
        noClasses().that().resideInAnyPackage("com.burstline.iperf..", "com.burstline.agent..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "jakarta.persistence..", "jakarta.servlet..", "org.hibernate..",
                        "com.burstline.server..")
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void theEngineUsesOnlyTheJdkAndJacksonsStreamingCore() {
        classes().that().resideInAPackage("com.burstline.engine..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        "java..", "tools.jackson.core..", "com.burstline.engine..", "com.burstline.contract..")
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
        noClasses().that().resideOutsideOfPackage("com.burstline.server.agent..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.agent.Agent")
                .check(MAIN);
        noClasses().that().resideOutsideOfPackage("com.burstline.server.job..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.Job")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("com.burstline.server.job.JobScenario")
                .check(MAIN);
    }
}
