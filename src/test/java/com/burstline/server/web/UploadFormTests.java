package com.burstline.server.web;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunMetadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UploadFormTests {

    @Test
    void commaSeparatedTagsAndDecimalLimitsBecomeMetadata() {
        RunMetadata metadata = new UploadForm("a", "b", "t4g.large", "ENA", " x, y,,x ", "5", " 0.512 ")
                .toMetadata();
        assertThat(metadata.tags()).containsExactly("x", "y");
        assertThat(metadata.burstLimitGbps()).isEqualTo(5.0);
        assertThat(metadata.baselineGbps()).isEqualTo(0.512);
    }

    @Test
    void blankFieldsAreAbsent() {
        RunMetadata metadata = new UploadForm("", " ", null, "", "", "", null).toMetadata();
        assertThat(metadata).isEqualTo(RunMetadata.none());
    }

    @Test
    void aLimitThatIsNotANumberIsNamed() {
        assertThatThrownBy(() -> new UploadForm(null, null, null, null, null, "five", null).toMetadata())
                .isInstanceOf(InvalidRunInputException.class)
                .hasMessageContaining("burstLimitGbps")
                .hasMessageContaining("'five'");
    }
}
