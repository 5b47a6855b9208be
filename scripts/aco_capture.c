/* aco_capture: compile SPIR-V shaders with RADV/ACO on the null device (no GPU needed) and
 * store the GFX10 machine words of every pipeline executable.
 *
 *   RADV_FORCE_FAMILY=navi10 VK_ICD_FILENAMES=.../radeon_icd.x86_64.json \
 *     aco_capture comp cs.spv out/cs.comp [vert vs.spv out/vs.vert frag fs.spv out/fs.frag]
 *
 * One compute stage, or a vertex stage plus an optional fragment stage forming one
 * graphics pipeline. For each stage OUT.bin receives the little-endian dwords and OUT.s the
 * disassembly RADV reports (OUT "-": not stored); a manifest line goes to stdout:
 *   OUT-basename stage wave<subgroup size> <dwords> "<executable name>"
 *
 * The words come from VK_KHR_pipeline_executable_properties: RADV's "Assembly"
 * representation prints each instruction followed by "; " and its encoding as hex dwords.
 * Their total must equal the executable's "Code size" statistic. Built and run by scripts/gen-aco-shaders.sh; not part of the CMake build.
 *
 * Resource interface every shader must use (one pipeline layout for all):
 *   set 0 binding 0 storage buffer, 1 uniform buffer, 2 combined image sampler (2D),
 *   3 storage image (r32ui, 2D); push constants: 128 bytes;
 *   vertex inputs: locations 0-3 are vec4 from binding 0; fragment output: location 0 into
 *   an R8G8B8A8_UNORM attachment. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("aco_capture: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

#define CHECK(call)                                                     \
  do {                                                                  \
    VkResult r_ = (call);                                               \
    if (r_ != VK_SUCCESS) die("%s failed (VkResult %d)", #call, r_);    \
  } while (0)

struct stage_arg {
  VkShaderStageFlagBits stage;
  const char *spv;
  const char *out;
  VkShaderModule module;
};

static const struct {
  const char *name;
  VkShaderStageFlagBits bit;
} stage_names[] = {
    {"vert", VK_SHADER_STAGE_VERTEX_BIT},
    {"frag", VK_SHADER_STAGE_FRAGMENT_BIT},
    {"comp", VK_SHADER_STAGE_COMPUTE_BIT},
};

static const char *stage_name(VkShaderStageFlags bits) {
  for (size_t i = 0; i < sizeof stage_names / sizeof stage_names[0]; i++)
    if (bits == stage_names[i].bit) return stage_names[i].name;
  return NULL;
}

static void *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) die("cannot open %s", path);
  if (fseek(f, 0, SEEK_END) != 0) die("cannot seek %s", path);
  long n = ftell(f);
  if (n <= 0 || n % 4) die("%s: not a SPIR-V module (size %ld)", path, n);
  rewind(f);
  void *buf = malloc((size_t)n);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) die("cannot read %s", path);
  fclose(f);
  *size = (size_t)n;
  return buf;
}

/* Parses RADV's assembly text: labels ("BB3:"), blank lines, instruction lines
 * "\t<text>  ; <hex dword> [<hex dword>...]", and "(then repeated N times)", with which
 * ACO's printer folds identical consecutive instructions (e.g. several s_waitcnt_depctr).
 * Any other line is an error (data or an instruction LLVM could not print would otherwise
 * be lost). Returns the dword count; the caller checks it against the code size. */
static size_t parse_assembly(const char *text, uint32_t **words_out) {
  size_t cap = 256, n = 0;
  uint32_t *words = malloc(cap * sizeof *words);
  if (!words) die("out of memory");
  const char *line = text;
  unsigned line_no = 0, last_len = 0;
  while (*line) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    line_no++;
    char buf[1024];
    if (len >= sizeof buf) die("assembly line %u too long", line_no);
    memcpy(buf, line, len);
    buf[len] = 0;
    line = end ? end + 1 : line + len;

    char *p = buf;
    while (isspace((unsigned char)*p)) p++;
    if (!*p) continue;
    size_t plen = strlen(p);
    if (p[plen - 1] == ':' && strncmp(p, "BB", 2) == 0) continue; /* label */
    unsigned repeat;
    int used = 0;
    if (sscanf(p, "(then repeated %u times)%n", &repeat, &used) == 1 && p[used] == 0) {
      if (last_len == 0 || repeat > 4096) die("assembly line %u: bad repetition", line_no);
      for (unsigned r = 0; r < repeat; r++) {
        for (unsigned k = 0; k < last_len; k++) {
          if (n == cap) {
            cap *= 2;
            words = realloc(words, cap * sizeof *words);
            if (!words) die("out of memory");
          }
          words[n] = words[n - last_len];
          n++;
        }
      }
      continue;
    }
    char *semi = strrchr(p, ';');
    if (!semi) die("assembly line %u has no encoding: %s", line_no, p);
    char *q = semi + 1;
    unsigned count = 0;
    for (;;) {
      while (*q == ' ') q++;
      if (!*q) break;
      char *stop;
      unsigned long w = strtoul(q, &stop, 16);
      if (stop - q != 8 || (*stop && *stop != ' '))
        die("assembly line %u: bad encoding \"%s\"", line_no, semi + 1);
      if (n == cap) {
        cap *= 2;
        words = realloc(words, cap * sizeof *words);
        if (!words) die("out of memory");
      }
      words[n++] = (uint32_t)w;
      q = stop;
      count++;
    }
    if (count == 0 || count > 3) die("assembly line %u: %u dwords", line_no, count);
    last_len = count;
  }
  *words_out = words;
  return n;
}

static void write_outputs(const char *out, const uint32_t *words, size_t n, const char *text) {
  char path[1024];
  snprintf(path, sizeof path, "%s.bin", out);
  FILE *f = fopen(path, "wb");
  if (!f) die("cannot write %s", path);
  for (size_t i = 0; i < n; i++) {
    unsigned char b[4] = {(unsigned char)words[i], (unsigned char)(words[i] >> 8),
                          (unsigned char)(words[i] >> 16), (unsigned char)(words[i] >> 24)};
    if (fwrite(b, 1, 4, f) != 4) die("cannot write %s", path);
  }
  if (fclose(f)) die("cannot write %s", path);
  snprintf(path, sizeof path, "%s.s", out);
  f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) die("cannot write %s", path);
}

static const char *basename_of(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* Looks up statistic NAME of executable E (RADV reports "Code size" in bytes). */
static int64_t executable_statistic(VkDevice dev, const VkPipelineExecutableInfoKHR *ei,
                                    PFN_vkGetPipelineExecutableStatisticsKHR get,
                                    const char *name) {
  uint32_t n = 0;
  CHECK(get(dev, ei, &n, NULL));
  VkPipelineExecutableStatisticKHR *st = calloc(n ? n : 1, sizeof *st);
  if (!st) die("out of memory");
  for (uint32_t i = 0; i < n; i++) st[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
  CHECK(get(dev, ei, &n, st));
  int64_t v = -1;
  for (uint32_t i = 0; i < n; i++) {
    if (strcmp(st[i].name, name)) continue;
    if (st[i].format == VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR) v = (int64_t)st[i].value.u64;
    else if (st[i].format == VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR) v = st[i].value.i64;
  }
  free(st);
  return v;
}

static void dump_executables(VkDevice dev, VkPipeline pipeline, const struct stage_arg *stages,
                             unsigned nstages) {
  PFN_vkGetPipelineExecutablePropertiesKHR get_props =
      (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(dev, "vkGetPipelineExecutablePropertiesKHR");
  PFN_vkGetPipelineExecutableInternalRepresentationsKHR get_reprs =
      (PFN_vkGetPipelineExecutableInternalRepresentationsKHR)vkGetDeviceProcAddr(
          dev, "vkGetPipelineExecutableInternalRepresentationsKHR");
  PFN_vkGetPipelineExecutableStatisticsKHR get_stats =
      (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(dev, "vkGetPipelineExecutableStatisticsKHR");
  if (!get_props || !get_reprs || !get_stats) die("VK_KHR_pipeline_executable_properties entry points missing");

  VkPipelineInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline};
  uint32_t nexec = 0;
  CHECK(get_props(dev, &pi, &nexec, NULL));
  VkPipelineExecutablePropertiesKHR *props = calloc(nexec ? nexec : 1, sizeof *props);
  if (!props) die("out of memory");
  for (uint32_t i = 0; i < nexec; i++) props[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR;
  CHECK(get_props(dev, &pi, &nexec, props));

  unsigned saved = 0;
  for (uint32_t e = 0; e < nexec; e++) {
    const struct stage_arg *sa = NULL;
    for (unsigned s = 0; s < nstages; s++)
      if (props[e].stages == (VkShaderStageFlags)stages[s].stage) sa = &stages[s];
    if (!sa) die("executable \"%s\" has stages 0x%x that were not requested", props[e].name, props[e].stages);

    VkPipelineExecutableInfoKHR ei = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
                                      .pipeline = pipeline, .executableIndex = e};
    uint32_t nrep = 0;
    CHECK(get_reprs(dev, &ei, &nrep, NULL));
    VkPipelineExecutableInternalRepresentationKHR *rep = calloc(nrep ? nrep : 1, sizeof *rep);
    if (!rep) die("out of memory");
    for (uint32_t i = 0; i < nrep; i++) rep[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
    CHECK(get_reprs(dev, &ei, &nrep, rep));
    for (uint32_t i = 0; i < nrep; i++) {
      rep[i].pData = calloc(1, rep[i].dataSize + 1);
      if (!rep[i].pData) die("out of memory");
    }
    CHECK(get_reprs(dev, &ei, &nrep, rep));
    const char *assembly = NULL;
    for (uint32_t i = 0; i < nrep; i++)
      if (rep[i].isText && !strcmp(rep[i].name, "Assembly")) assembly = rep[i].pData;
    if (!assembly) die("executable \"%s\" has no Assembly representation (is this RADV with ACO?)", props[e].name);

    uint32_t *words;
    size_t n = parse_assembly(assembly, &words);
    if (n == 0) die("executable \"%s\": empty assembly", props[e].name);
    int64_t code_size = executable_statistic(dev, &ei, get_stats, "Code size");
    if (code_size < 0) die("executable \"%s\" has no Code size statistic", props[e].name);
    if ((uint64_t)code_size != n * 4)
      die("executable \"%s\": Code size statistic %lld bytes, assembly %zu bytes", props[e].name,
          (long long)code_size, n * 4);
    saved++;
    if (strcmp(sa->out, "-")) {
      write_outputs(sa->out, words, n, assembly);
      printf("%s %s wave%u %zu \"%s\"\n", basename_of(sa->out), stage_name(sa->stage),
             props[e].subgroupSize, n, props[e].name);
    }
    free(words);
    for (uint32_t i = 0; i < nrep; i++) free(rep[i].pData);
    free(rep);
  }
  if (saved != nstages) die("pipeline has %u executables for %u requested stages", saved, nstages);
  free(props);
}

static VkPipeline graphics_pipeline(VkDevice dev, VkPipelineLayout layout,
                                    const struct stage_arg *stages, unsigned nstages) {
  VkAttachmentDescription color = {
      .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
  VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = 1, .pColorAttachments = &ref};
  VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .attachmentCount = 1, .pAttachments = &color,
                                 .subpassCount = 1, .pSubpasses = &sub};
  VkRenderPass rp;
  CHECK(vkCreateRenderPass(dev, &rpci, NULL, &rp));

  VkPipelineShaderStageCreateInfo ss[2];
  for (unsigned i = 0; i < nstages; i++)
    ss[i] = (VkPipelineShaderStageCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                              .stage = stages[i].stage, .module = stages[i].module,
                                              .pName = "main"};
  VkVertexInputBindingDescription vb = {0, 64, VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription va[4];
  for (uint32_t i = 0; i < 4; i++) va[i] = (VkVertexInputAttributeDescription){i, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 16 * i};
  VkPipelineVertexInputStateCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
                                             .vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
                                             .vertexAttributeDescriptionCount = 4, .pVertexAttributeDescriptions = va};
  VkPipelineInputAssemblyStateCreateInfo ia = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
                                               .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
  VkPipelineViewportStateCreateInfo vp = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                          .viewportCount = 1, .scissorCount = 1};
  VkPipelineRasterizationStateCreateInfo rs = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                                               .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
                                               .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f};
  VkPipelineMultisampleStateCreateInfo ms = {.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                             .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
  VkPipelineColorBlendAttachmentState cba = {.colorWriteMask = 0xf};
  VkPipelineColorBlendStateCreateInfo cb = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                            .attachmentCount = 1, .pAttachments = &cba};
  VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo ds = {.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                         .dynamicStateCount = 2, .pDynamicStates = dyn};
  VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .flags = VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR |
               VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR,
      .stageCount = nstages, .pStages = ss, .pVertexInputState = &vi, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pColorBlendState = &cb, .pDynamicState = &ds, .layout = layout, .renderPass = rp};
  VkPipeline p;
  CHECK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &gpci, NULL, &p));
  return p;
}

int main(int argc, char **argv) {
  if (argc < 4 || (argc - 1) % 3) {
    fprintf(stderr, "usage: %s STAGE SHADER.spv OUT [STAGE SHADER.spv OUT] (STAGE: vert frag comp)\n", argv[0]);
    return 2;
  }
  struct stage_arg stages[2];
  unsigned nstages = 0;
  for (int i = 1; i + 2 < argc; i += 3) {
    if (nstages == 2) die("at most two stages");
    struct stage_arg *s = &stages[nstages++];
    s->stage = 0;
    for (size_t k = 0; k < sizeof stage_names / sizeof stage_names[0]; k++)
      if (!strcmp(argv[i], stage_names[k].name)) s->stage = stage_names[k].bit;
    if (!s->stage) die("unknown stage \"%s\"", argv[i]);
    s->spv = argv[i + 1];
    s->out = argv[i + 2];
  }
  bool compute = stages[0].stage == VK_SHADER_STAGE_COMPUTE_BIT;
  if (compute ? nstages != 1
              : stages[0].stage != VK_SHADER_STAGE_VERTEX_BIT ||
                    (nstages == 2 && stages[1].stage != VK_SHADER_STAGE_FRAGMENT_BIT))
    die("give one comp stage, or vert optionally followed by frag");

  VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "aco_capture",
                           .apiVersion = VK_API_VERSION_1_2};
  VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
  VkInstance inst;
  CHECK(vkCreateInstance(&ici, NULL, &inst));
  uint32_t npd = 0;
  CHECK(vkEnumeratePhysicalDevices(inst, &npd, NULL));
  VkPhysicalDevice *pds = calloc(npd ? npd : 1, sizeof *pds);
  if (!pds) die("out of memory");
  CHECK(vkEnumeratePhysicalDevices(inst, &npd, pds));
  VkPhysicalDevice pd = VK_NULL_HANDLE;
  VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv};
  for (uint32_t i = 0; i < npd && !pd; i++) {
    vkGetPhysicalDeviceProperties2(pds[i], &props);
    if (drv.driverID == VK_DRIVER_ID_MESA_RADV) pd = pds[i];
  }
  if (!pd)
    die("no RADV device: set RADV_FORCE_FAMILY (e.g. navi10) and VK_ICD_FILENAMES to radeon_icd");
  fprintf(stderr, "aco_capture: %s, %s %s\n", props.properties.deviceName, drv.driverName, drv.driverInfo);

  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                 .pQueuePriorities = &prio};
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR pef = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
      .pipelineExecutableInfo = VK_TRUE};
  const char *ext = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
  VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &pef,
                            .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
                            .enabledExtensionCount = 1, .ppEnabledExtensionNames = &ext};
  VkDevice dev;
  CHECK(vkCreateDevice(pd, &dci, NULL, &dev));

  for (unsigned i = 0; i < nstages; i++) {
    size_t size;
    void *code = read_file(stages[i].spv, &size);
    VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = size, .pCode = code};
    CHECK(vkCreateShaderModule(dev, &smci, NULL, &stages[i].module));
    free(code);
  }

  const VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                    VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE};
  VkDescriptorSetLayoutBinding bindings[4];
  for (uint32_t i = 0; i < 4; i++)
    bindings[i] = (VkDescriptorSetLayoutBinding){i, types[i], 1, VK_SHADER_STAGE_ALL, NULL};
  VkDescriptorSetLayoutCreateInfo dslci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = 4, .pBindings = bindings};
  VkDescriptorSetLayout dsl;
  CHECK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
  VkPushConstantRange pcr = {VK_SHADER_STAGE_ALL, 0, 128};
  VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1, .pSetLayouts = &dsl,
                                     .pushConstantRangeCount = 1, .pPushConstantRanges = &pcr};
  VkPipelineLayout layout;
  CHECK(vkCreatePipelineLayout(dev, &plci, NULL, &layout));

  VkPipeline pipeline;
  if (compute) {
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .flags = VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR |
                 VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = stages[0].module, .pName = "main"},
        .layout = layout};
    CHECK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));
  } else {
    pipeline = graphics_pipeline(dev, layout, stages, nstages);
  }
  dump_executables(dev, pipeline, stages, nstages);
  /* The null device has no queues to drain and nothing to leak into: exit directly. */
  return 0;
}
