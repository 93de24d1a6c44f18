package com.burstline.server.web;

import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.catalog.NetworkLimits;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunMetadata;
import com.burstline.server.system.BurstlineProperties;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.ModelAndView;

import java.util.List;

/** The upload page: several iperf3 result files with one set of metadata, and each file's outcome. */
@Controller
@RequestMapping("/upload")
class UploadController {
    static final String VIEW = "upload";

    private final FileImports imports;
    private final InstanceCatalog catalog;
    private final UploadLimit uploadLimit;

    UploadController(FileImports imports, InstanceCatalog catalog, BurstlineProperties properties) {
        this.imports = imports;
        this.catalog = catalog;
        this.uploadLimit = UploadLimit.of(properties.maxUploadSize());
    }

    /** The page checks file sizes before sending: a file over the limit is refused by the container, unread. */
    @ModelAttribute("uploadLimit")
    UploadLimit uploadLimit() {
        return uploadLimit;
    }

    @ModelAttribute("instanceTypes")
    List<String> instanceTypes() {
        return catalog.all().stream().map(NetworkLimits::instanceType).toList();
    }

    @GetMapping
    String form(Model model) {
        model.addAttribute("form", UploadForm.empty());
        return VIEW;
    }

    @PostMapping
    ModelAndView upload(@ModelAttribute("form") UploadForm form,
                        @RequestParam(name = "files", required = false) List<MultipartFile> files) {
        ModelAndView view = new ModelAndView(VIEW);
        List<MultipartFile> chosen = files == null ? List.of()
                : files.stream().filter(file -> !file.isEmpty() || hasName(file)).toList();
        if (chosen.isEmpty()) {
            return refuse(view, "Choose one or more iperf3 result files (iperf3 -J or --json-stream output).");
        }
        RunMetadata metadata;
        try {
            metadata = form.toMetadata();
        } catch (InvalidRunInputException invalid) {
            return refuse(view, invalid.getMessage());
        }
        view.addObject("outcomes", chosen.stream().map(file -> imports.importFile(file, metadata)).toList());
        return view;
    }

    private static ModelAndView refuse(ModelAndView view, String problem) {
        view.addObject("problem", problem);
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    private static boolean hasName(MultipartFile file) {
        return file.getOriginalFilename() != null && !file.getOriginalFilename().isBlank();
    }
}
