package com.burstline.server.catalog;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/guide.md's tables of finding kinds and verdicts say what the catalog says: the same ids, severities, and
 * every threshold's number in the row that states when the kind fires or the step holds. (That every rule emits only
 * kinds of the catalog is {@code CatalogKindsTest}'s, on every real sample.)
 */
class FindingCatalogTest {
    private static final Path GUIDE = Path.of("docs/guide.md");

    @Test
    void theGuidesKindsTableIsTheCatalog() throws IOException {
        Map<String, List<String>> rows = table("| kind | severity | fires when | check next |");

        assertThat(rows.keySet()).containsExactlyElementsOf(Arrays.stream(FindingKind.values()).map(FindingKind::id)
                .toList());
        for (FindingKind kind : FindingKind.values()) {
            List<String> row = rows.get(kind.id());
            assertThat(row.get(1)).as(kind.id()).isEqualTo(kind.severity().apiName());
            kind.guidance().thresholds().forEach(threshold -> assertThat(states(row.get(2), threshold))
                    .as("%s's row states %s = %s %s", kind.id(), threshold.id(), threshold.value(), threshold.unit())
                    .isTrue());
        }
    }

    @Test
    void theGuidesVerdictTableIsTheDecisionsStepsInOrder() throws IOException {
        Map<String, List<String>> rows = table("| verdict | words | decided when | check next |");

        assertThat(rows.keySet()).containsExactlyElementsOf(Arrays.stream(VerdictStep.values()).map(VerdictStep::id)
                .toList());
        for (VerdictStep step : VerdictStep.values()) {
            List<String> row = rows.get(step.id());
            assertThat(row.get(1)).as(step.id()).isEqualTo(step.words());
            step.guidance().thresholds().forEach(threshold -> assertThat(states(row.get(2), threshold))
                    .as("%s's row states %s = %s", step.id(), threshold.id(), threshold.value()).isTrue());
        }
    }

    @Test
    void theApiServesEveryKindAndStepWithItsThresholds() {
        FindingCatalogController.Catalog catalog = FindingCatalogController.catalog();

        assertThat(catalog.kinds()).extracting(FindingCatalogController.Kind::id)
                .containsExactlyElementsOf(Arrays.stream(FindingKind.values()).map(FindingKind::id).toList());
        assertThat(catalog.verdicts()).extracting(FindingCatalogController.Step::words)
                .containsExactlyElementsOf(Arrays.stream(VerdictStep.values()).map(VerdictStep::words).toList());
        assertThat(catalog.kinds()).allSatisfy(kind -> assertThat(kind.meaning()).isNotBlank());
        assertThat(catalog.kinds().get(0).thresholds()).contains(Thresholds.AT_CAP, Thresholds.BEYOND_LIMIT);
    }

    /** Whether the text names the threshold's number on its own ("≥ 1%" states 1; "10" and "1.0" do not). */
    private static boolean states(String text, Threshold threshold) {
        String plain = new DecimalFormat("0.##").format(threshold.value());
        String grouped = new DecimalFormat("#,##0.##").format(threshold.value());
        return Pattern.compile("(?<![\\d.,])(" + Pattern.quote(plain) + "|" + Pattern.quote(grouped)
                + ")(?![\\d,]|\\.\\d)").matcher(text).find();
    }

    /** The rows of the table under this header: first cell's id (without backticks) to all cells. */
    private static Map<String, List<String>> table(String header) throws IOException {
        List<String> lines = Files.readAllLines(GUIDE);
        int at = lines.indexOf(header);
        assertThat(at).as("docs/guide.md has the table " + header).isNotNegative();
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : lines.subList(at + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            List<String> cells = Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                    .map(String::strip).toList();
            rows.put(cells.get(0).replace("`", ""), cells);
        }
        return rows;
    }
}
